// The sign-in pages' forms import their schemas (and zod with them) when the form is first used,
// not with the page; the server's actions import ./auth-schemas as usual.

type AuthSchemas = typeof import("./auth-schemas");
type SignInFormSchema =
  | "LoginSchema"
  | "RegisterSchema"
  | "ForgotPasswordSchema"
  | "ResetPasswordSchema"
  | "OwnerSetupSchema"
  | "TwoFactorCodeSchema";

/** What `useSchemaForm` takes to import a sign-in form's schema when the form is first used. */
export function authSchema<K extends SignInFormSchema>(name: K): () => Promise<AuthSchemas[K]> {
  return () => import("./auth-schemas").then((schemas) => schemas[name]);
}
