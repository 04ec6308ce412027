import { requireAdminTab } from "~/admin/admin-guard.server";
import { freshAfterWrites } from "~/admin/admin-tabs";
import { KeyDeskTab } from "~/press-desk";
import { loadKeyDesk, runKeyDeskAction } from "~/press-desk/index.server";
import type { Route } from "./+types/admin-keys";

// /admin/keys: the Key requests tab, the press desk (docs/product.md#key-desk). Moderators read the
// requests; sending, declining, importing, revoking and coverage need canManagePress (checked in
// the action, whatever the page showed).

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminTab(request, context, "keys");
  return loadKeyDesk(context, user);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdminTab(request, context, "keys");
  return runKeyDeskAction(request, context, user);
}

export const shouldRevalidate = freshAfterWrites;

export default function AdminKeys({ loaderData }: Route.ComponentProps) {
  return <KeyDeskTab {...loaderData} />;
}
