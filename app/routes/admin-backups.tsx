import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { BackupsAdminTab } from "~/backup";
import { loadBackupsAdmin } from "~/backup/index.server";
import type { Route } from "./+types/admin-backups";

// /admin/backups: the schedule, Back up now and the list of backups
// (docs/deployment.md#scheduled-backups), for canManageBackups (the owner alone).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "backups");
  return loadBackupsAdmin(context);
}

/** Saving the schedule, Back up now; any other role is refused with 403. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "backups");
}

export const shouldRevalidate = freshAfterWrites;

export default function AdminBackups({ loaderData }: Route.ComponentProps) {
  return <BackupsAdminTab {...loaderData} />;
}
