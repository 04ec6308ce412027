import { PASSWORD_MAX, PASSWORD_MIN } from "~/accounts";
import { hasNoControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { INVITABLE_ROLES } from "./invitation-rules";

// The invitation forms' schemas, shared by the forms in the browser and the actions on the server.

/** Role Management's invitation forms, told apart by their `intent`. */
export const INVITATION_INTENTS = ["invite", "resend", "revoke"] as const;
export const InvitationIntentSchema = z.enum(INVITATION_INTENTS);
export type InvitationIntent = z.infer<typeof InvitationIntentSchema>;

export const INVITE_EMAIL_MAX = 254;

/** 'Invite Staff': an address and one of the staff roles below owner. */
export const InviteStaffSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(INVITE_EMAIL_MAX, `Email must be at most ${INVITE_EMAIL_MAX} characters`)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Invalid email address")
    .refine(hasNoControlCharacters, "Invalid email address")
    .transform((value) => value.toLowerCase()),
  role: z.enum(INVITABLE_ROLES, { error: "Choose Moderator, Admin or Developer" }),
});
export type InviteStaffInput = z.infer<typeof InviteStaffSchema>;

/** Resend and Revoke name one listed invitation. */
export const InvitationTargetSchema = z.object({
  invitationId: z.uuid({ error: "Unknown invitation" }),
});

const token = z
  .string({ error: "The invitation link is incomplete." })
  .min(1, "The invitation link is incomplete.")
  .max(200, "The invitation link is not valid.");

/** The accept page's two forms: a new account, or the signed-in account taking the role. */
export const ACCEPT_INTENTS = ["create", "accept"] as const;
export const AcceptIntentSchema = z.enum(ACCEPT_INTENTS);

/** A new account for the invited address: the address is the invitation's, never typed. */
export const CreateInvitedAccountSchema = z
  .object({
    token,
    password: z
      .string({ error: "Password is required" })
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirmPassword: z.string({ error: "Passwords do not match" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

export const AcceptInvitationSchema = z.object({ token });
