import { requirePermission } from "~/accounts/index.server";
import { RoleManagementScreen } from "~/roles";
import { answerRoleForm, loadRoleManagement } from "~/roles/index.server";
import type { Route } from "./+types/role-management";

// Owners only (docs/product.md#guards): anyone else is sent home with a toast.

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requirePermission(request, context, "canManageRoles");
  return loadRoleManagement(request, context, me.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requirePermission(request, context, "canManageRoles");
  return answerRoleForm(request, context, me);
}

export const meta: Route.MetaFunction = () => [
  { title: "Role Management" },
  { name: "robots", content: "noindex" },
];

export default function RoleManagement({ loaderData, actionData }: Route.ComponentProps) {
  return <RoleManagementScreen {...loaderData} reply={actionData} />;
}
