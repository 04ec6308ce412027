import { hasNoControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { AUTH_INTENTS, SIGN_IN_TEXT_INTENT } from "./auth-intents";
import { FACTOR_NAME_MAX } from "./factors";
import { API_KEY_NAME_MAX } from "./tokens";

// The account forms' schemas, shared by the forms in the browser and the actions on the server.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email must be at most 254 characters")
  .regex(EMAIL_PATTERN, "Invalid email address")
  .refine(hasNoControlCharacters, "Invalid email address")
  .transform((value) => value.toLowerCase());

const currentPassword = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

// Length only: no composition rules (NIST SP 800-63B).
const newPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const confirmPassword = z.string({ error: "Passwords do not match" });
const passwordsMatch = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
const mismatch = { message: "Passwords do not match", path: ["confirmPassword"] };

/** The two-factor step's "Text me a code" (no fields but its intent). */
export const SendSignInTextSchema = z.object({ intent: z.literal(SIGN_IN_TEXT_INTENT) });

/** The /auth page's two forms; a post naming anything else is refused (400). */
export const AuthIntentSchema = z.enum(AUTH_INTENTS);
export type AuthIntent = z.infer<typeof AuthIntentSchema>;

export const LoginSchema = z.object({ email, password: currentPassword });
export const RegisterSchema = z
  .object({ email, password: newPassword, confirmPassword })
  .refine(passwordsMatch, mismatch);
export const ForgotPasswordSchema = z.object({ email });
export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, "The reset link is incomplete."),
    password: newPassword,
    confirmPassword,
  })
  .refine(passwordsMatch, mismatch);
export const OwnerSetupSchema = RegisterSchema;

export const ChangePasswordSchema = z
  .object({
    currentPassword,
    newPassword,
    confirmPassword,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const TwoFactorCodeSchema = z.object({
  code: z
    .string({ error: "Enter the code from your authenticator app" })
    .trim()
    .regex(
      /^(\d{6}|[A-Za-z0-9-]{8,20})$/,
      "Enter the 6-digit code from your authenticator app, or a backup code",
    ),
  trustDevice: z.string().optional(),
  /** Where the code came from: the app (or a backup code), or a text message. */
  method: z.enum(["app", "phone"]).optional(),
});

/** A form that only asks for the account's password, to confirm a change to it. */
export const PasswordConfirmSchema = z.object({ password: currentPassword });

/** What turning two-factor on gives the page to finish with: the app's QR code and backup codes. */
export type TwoFactorEnrolment = { qrDataUrl: string; secretUri: string; backupCodes: string[] };

const friendlyName = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(hasNoControlCharacters, `${what} must not contain control characters`);

const recordId = z.string({ error: "Unknown item" }).trim().min(1, "Unknown item").max(200);

/** Renaming a sign-in factor (the authenticator app or a passkey). */
export const RenameFactorSchema = z.object({
  factorId: recordId,
  name: friendlyName("Name", FACTOR_NAME_MAX),
});

/** Removing a passkey; the password is asked when it is the account's last factor. */
export const RemovePasskeySchema = z.object({
  factorId: recordId,
  password: currentPassword.optional(),
});

/**
 * A new personal API key: its name; the key itself is made by the server. The password too, when
 * the session's last sign-in or confirmation is older than the window (confirmation.ts).
 */
export const CreateApiKeySchema = z.object({
  name: friendlyName("Key name", API_KEY_NAME_MAX),
  password: currentPassword.optional(),
});

/** Revoking a personal API key. */
export const RevokeApiKeySchema = z.object({ keyId: recordId });

/** A key just made: shown once, never again. */
export type CreatedApiKey = { kind: "api-key"; name: string; key: string };

/** /auth's passkey sign-in: the authenticator's answer as the browser's JSON text. */
export const PasskeySignInSchema = z.object({
  response: z
    .string({ error: "The passkey's answer is missing" })
    .max(20_000, "The passkey's answer is too long")
    .transform((text, ctx) => {
      try {
        const value: unknown = JSON.parse(text);
        if (value && typeof value === "object" && !Array.isArray(value)) {
          return value as Record<string, unknown>;
        }
      } catch {
        // reported below
      }
      ctx.addIssue({ code: "custom", message: "The passkey's answer could not be read" });
      return z.NEVER;
    }),
});

/** Unlinking a provider identity from the account. */
export const UnlinkIdentitySchema = z.object({ identityId: recordId });

/** Starting a sign-in service's flow (sign in on /auth, link on /profile). */
export const ProviderStartSchema = z.object({
  provider: z.string({ error: "Choose a sign-in service" }).trim().min(1).max(40),
});

/** Linking a sign-in service from the profile: the password when confirmation is due. */
export const LinkProviderSchema = ProviderStartSchema.extend({
  password: currentPassword.optional(),
});
