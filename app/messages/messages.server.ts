import type { Database } from "~/db/database.server";
import { contactMessages } from "~/db/schema";
import { type FieldErrors, parseForm } from "~/forms/form-errors";
import { consumeRateLimit } from "~/server/rate-limit.server";
import {
  type ContactField,
  type ContactInput,
  ContactSchema,
  HONEYPOT_FIELD,
} from "./contact-schema";

export const CONTACT_WINDOW_SECONDS = 15 * 60;

export type ContactOutcome =
  | { status: "sent"; id: string }
  | { status: "invalid"; errors: FieldErrors<ContactField> }
  | { status: "refused"; reason: "honeypot" | "rate-limited"; message: string };

/**
 * The contact form's rules: the honeypot, the shared schema, then a per-address limit counted over
 * valid submissions only (a typo does not use up an allowance). Nothing is stored unless all pass.
 */
export async function submitContactMessage(
  db: Database,
  values: FormData | Record<string, unknown>,
  options: { clientKey: string; limit: number },
): Promise<ContactOutcome> {
  const input = values instanceof FormData ? Object.fromEntries(values) : values;
  const honeypot = input[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return {
      status: "refused",
      reason: "honeypot",
      message: "Your message looks automated and was not sent. Please contact us by email instead.",
    };
  }
  const parsed = parseForm(ContactSchema, input);
  if (!parsed.success) return { status: "invalid", errors: parsed.errors };

  const limit = await consumeRateLimit(
    db,
    `contact:${options.clientKey}`,
    options.limit,
    CONTACT_WINDOW_SECONDS,
  );
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return {
      status: "refused",
      reason: "rate-limited",
      message: `Too many messages from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }
  const id = await storeContactMessage(db, parsed.data);
  return { status: "sent", id };
}

async function storeContactMessage(db: Database, input: ContactInput): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values(input)
    .returning({ id: contactMessages.id });
  return row!.id;
}
