// The invitations feature's browser-safe face: what other folders may import.
export { AcceptInvitationScreen } from "./accept-invitation";
export type { InvitationOffer, InvitationPage } from "./invitation-page";
export {
  INVITABLE_ROLES,
  INVITATION_DAYS,
  INVITATION_REFUSALS,
  type InvitableRole,
  invitationState,
} from "./invitation-rules";
export {
  AcceptInvitationSchema,
  CreateInvitedAccountSchema,
  InvitationIntentSchema,
  InvitationTargetSchema,
  InviteStaffSchema,
} from "./invitation-schema";
export { InvitationsPanel, isInvitationReply, type OpenInvitationRow } from "./invitations-panel";
