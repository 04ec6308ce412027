import { requirePermission } from "~/accounts/index.server";
import { InvitationsPanel, isInvitationReply } from "~/invitations";
import {
  answerInvitationForm,
  isInvitationPost,
  loadInvitations,
} from "~/invitations/index.server";
import { RoleManagementScreen } from "~/roles";
import { answerRoleForm, loadRoleManagement } from "~/roles/index.server";
import type { Route } from "./+types/role-management";

// Owners only (docs/product.md#guards): anyone else is sent home with a toast. The role forms and
// the staff invitations (docs/product.md#staff-invitations) share the page, told apart by intent.

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requirePermission(request, context, "canManageRoles");
  return loadRoleManagement(request, context, me.id, await loadInvitations(request, context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requirePermission(request, context, "canManageRoles");
  if (await isInvitationPost(request)) return answerInvitationForm(request, context, me);
  return answerRoleForm(request, context, me);
}

export const meta: Route.MetaFunction = () => [
  { title: "Role Management" },
  { name: "robots", content: "noindex" },
];

export default function RoleManagement({ loaderData, actionData }: Route.ComponentProps) {
  const invitationReply = isInvitationReply(actionData) ? actionData : undefined;
  return (
    <RoleManagementScreen {...loaderData} reply={invitationReply ? undefined : actionData}>
      <InvitationsPanel
        invitations={loaderData.invitations}
        failed={loaderData.failed}
        reply={invitationReply}
      />
    </RoleManagementScreen>
  );
}
