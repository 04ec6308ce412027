// The sign-in pages' forms import their schemas (and zod with them) when the form is first used,
// not with the page (decision 049); the server's actions import ./auth-schemas as usual.

export const loadLoginSchema = () =>
  import("./auth-schemas").then(({ LoginSchema }) => LoginSchema);
export const loadRegisterSchema = () =>
  import("./auth-schemas").then(({ RegisterSchema }) => RegisterSchema);
export const loadForgotPasswordSchema = () =>
  import("./auth-schemas").then(({ ForgotPasswordSchema }) => ForgotPasswordSchema);
export const loadResetPasswordSchema = () =>
  import("./auth-schemas").then(({ ResetPasswordSchema }) => ResetPasswordSchema);
export const loadOwnerSetupSchema = () =>
  import("./auth-schemas").then(({ OwnerSetupSchema }) => OwnerSetupSchema);
export const loadTwoFactorCodeSchema = () =>
  import("./auth-schemas").then(({ TwoFactorCodeSchema }) => TwoFactorCodeSchema);
