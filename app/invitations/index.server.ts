// The invitations feature's server-only face: what other folders may import on the server.
export { answerInvitationAcceptance, loadInvitationPage } from "./acceptance.server";
export {
  acceptAsAccount,
  acceptWithNewAccount,
  findInvitationByToken,
} from "./invitation-claims.server";
export {
  answerInvitationForm,
  isInvitationPost,
  loadInvitations,
} from "./invitation-forms.server";
export { INVITATION_PATH, invitationLink } from "./invitation-tokens.server";
export {
  createInvitation,
  listOpenInvitations,
  resendInvitation,
  revokeInvitation,
} from "./invitations.server";
