import { hasNoControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { AUTH_INTENTS } from "./auth-intents";

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
});

/** A form that only asks for the account's password, to confirm a change to it. */
export const PasswordConfirmSchema = z.object({ password: currentPassword });

/** What turning two-factor on gives the page to finish with: the app's QR code and backup codes. */
export type TwoFactorEnrolment = { qrDataUrl: string; secretUri: string; backupCodes: string[] };
