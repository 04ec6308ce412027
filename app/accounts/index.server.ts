// The accounts feature's server-only face: what other folders may import on the server (decision 031).
export {
  createOwnerWithInvite,
  createVerifiedUser,
  isOwnerInviteValid,
  ownerSetupLink,
} from "./accounts.server";
export { type Auth, CLIENT_IP_HEADER, createAuth } from "./auth.server";
export {
  answerForgotPasswordForm,
  answerOwnerSetupForm,
  answerResetPasswordForm,
  answerSignInForm,
  answerTwoFactorForm,
} from "./auth-forms.server";
export { type AuthAnswer, authErrorMessage, forwardToAuth } from "./auth-forward.server";
export { answerProfileForm } from "./profile-forms.server";
export { loadProfilePage } from "./profile-page.server";
export { recordViewLater } from "./record-view.server";
export {
  getSessionUser,
  requireAnonymous,
  requirePermission,
  type SessionUser,
} from "./session.server";
export { SessionCache, sessionCookieOf, sessionCookiesIn } from "./session-cache.server";
