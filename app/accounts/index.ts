// The accounts feature's browser-safe face: what other folders may import (decision 031).
export { AuthCard } from "./auth-card";
export { authSchema } from "./auth-schema-loaders";
export {
  type AuthIntent,
  AuthIntentSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  LoginSchema,
  OwnerSetupSchema,
  PasswordConfirmSchema,
  RegisterSchema,
  ResetPasswordSchema,
  TwoFactorCodeSchema,
  type TwoFactorEnrolment,
} from "./auth-schemas";
export { describeDevice } from "./devices";
export { NewPasswordFields } from "./new-password-fields";
export { safeRedirect } from "./redirect";
export { SignInTabs } from "./sign-in-forms";
