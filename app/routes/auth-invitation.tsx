import { AcceptInvitationScreen } from "~/invitations";
import { answerInvitationAcceptance, loadInvitationPage } from "~/invitations/index.server";
import type { Route } from "./+types/auth-invitation";

// The page a staff invitation's link opens (docs/product.md#staff-invitations).

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadInvitationPage(request, context);

export const action = ({ request, context }: Route.ActionArgs) =>
  answerInvitationAcceptance(request, context);

export const meta: Route.MetaFunction = () => [
  { title: "Staff invitation" },
  { name: "robots", content: "noindex" },
];

export default function AuthInvitation({ loaderData, actionData }: Route.ComponentProps) {
  return <AcceptInvitationScreen page={loaderData} reply={actionData} />;
}
