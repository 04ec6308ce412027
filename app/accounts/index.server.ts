// The accounts feature's server-only face: what other folders may import on the server.

export { ACCOUNTS_ENDPOINTS } from "./accounts.api.server";
export {
  createOwnerWithInvite,
  createVerifiedUser,
  isOwnerInviteValid,
  ownerSetupLink,
} from "./accounts.server";
export { listActiveSessions } from "./active-sessions.server";
export { identifyApiCaller } from "./api-callers.server";
export { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.server";
export { type Auth, CLIENT_IP_HEADER, createAuth } from "./auth.server";
export { authContext } from "./auth-context.server";
export {
  answerEmailConfirmation,
  answerForgotPasswordForm,
  answerOwnerSetupForm,
  answerResetPasswordForm,
  answerSignInForm,
  answerTwoFactorForm,
  twoFactorChoices,
} from "./auth-forms.server";
export { type AuthAnswer, authErrorMessage, forwardToAuth } from "./auth-forward.server";
export { confirmedWithin, isRecentlyConfirmed } from "./confirmation.server";
export { FACTORS_ENDPOINTS } from "./factors.api.server";
export {
  hasVerifiedFactor,
  listFactors,
  listFactorsAndPhone,
  removePasskey,
  renameFactor,
} from "./factors.server";
export { LastWayInError, listIdentities, unlinkIdentity } from "./identities.server";
export { phoneDeps, smsContext } from "./phone/phone-context.server";
export {
  challengePhone,
  getPhoneFactor,
  removePhone,
  startPhoneEnrolment,
  verifyPhoneCode,
} from "./phone/phone-factor.server";
export { loadSmsAdmin } from "./phone/sms-admin.server";
export { phonesOffered, smsCountries } from "./phone/sms-sending.server";
export { saveSmsCountries } from "./phone/sms-settings.server";
export {
  configuredSmsTransport,
  maskPhone,
  type SmsTransport,
} from "./phone/sms-transport.server";
export { providerErrorMessage, startProviderFlow } from "./provider-flow.server";
export { configuredProviders, providerFormTargets } from "./providers.server";
export { recordViewLater } from "./record-view.server";
export { checkSealedAuthData, resealAuthData } from "./sealed-auth-data.server";
export {
  getSessionUser,
  requireAnonymous,
  requirePermission,
  revokeSession,
  type SessionUser,
} from "./session.server";
export { sessionCookiesIn } from "./session-cookies.server";
