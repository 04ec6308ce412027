// The accounts feature's browser-safe face: what other folders may import.
export { AuthCard } from "./auth-card";
export { SIGN_IN_TEXT_INTENT, type SignInTextSent } from "./auth-intents";
export { authSchema } from "./auth-schema-loaders";
export {
  type AuthIntent,
  AuthIntentSchema,
  ChangePasswordSchema,
  CreateApiKeySchema,
  type CreatedApiKey,
  ForgotPasswordSchema,
  LinkProviderSchema,
  LoginSchema,
  OwnerSetupSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PasswordConfirmSchema,
  RegisterSchema,
  RemovePasskeySchema,
  RenameFactorSchema,
  ResetPasswordSchema,
  RevokeApiKeySchema,
  TwoFactorCodeSchema,
  type TwoFactorEnrolment,
  UnlinkIdentitySchema,
} from "./auth-schemas";
export {
  CONFIRM_PASSWORD_LABEL,
  CONFIRMATION_MINUTES,
  CONFIRMATION_REQUIRED,
} from "./confirmation";
export { describeDevice } from "./devices";
export { FACTOR_NAME_MAX, FACTOR_TYPE_LABELS, type Factor } from "./factors";
export type { Identities, Identity } from "./identities";
export { NewPasswordFields } from "./new-password-fields";
export { registerPasskey, signInWithPasskey, watchPasskeyAutofill } from "./passkey-browser";
export {
  formatPhone,
  PHONE_CODE_MINUTES,
  PHONE_FORMAT_HINT,
  PHONE_RESEND_SECONDS,
  type PhoneChallenge,
  PhoneCodeSchema,
  type PhoneEnrolled,
  PhoneEnrolSchema,
  PhoneResendSchema,
  RemovePhoneSchema,
  SmsCountriesSchema,
} from "./phone/phone-schema";
export { SMS_COUNTRIES_INTENT, SmsAdminTab } from "./phone/sms-admin-tab";
export { ProviderButtons } from "./provider-buttons";
export type { ProviderId, SignInProvider } from "./providers";
export { CHECK_INBOX_PARAM, safeRedirect } from "./redirect";
export { ResendCodeButton } from "./resend-button";
export { SignInTabs } from "./sign-in-forms";
export { API_KEY_HEADER, API_KEY_NAME_MAX, type ApiKeySummary } from "./tokens";
export { type TwoFactorChoices, type TwoFactorReply, TwoFactorStep } from "./two-factor-step";
