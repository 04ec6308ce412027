import { runAdminAction } from "~/admin/admin-actions.server";
import { requireAdminTab } from "~/admin/admin-guard.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { SubscribersTab } from "~/newsletter";
import { listSubscribers } from "~/newsletter/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/admin-subscribers";

// /admin/subscribers: the newsletter's subscribers, for canManageNewsletter (admin and above).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminTab(request, context, "subscribers");
  return { subscribers: await listSubscribers(context.get(runtimeContext).db) };
}

/** Erasing an address (`subscriber-delete`); a role without the tab's permission is refused. */
export async function action({ request, context }: Route.ActionArgs) {
  return runAdminAction(request, context, "subscribers");
}

/** Reloads the list after its own writes only. */
export const shouldRevalidate = freshAfterWrites;

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  return <SubscribersTab subscribers={loaderData.subscribers} />;
}
