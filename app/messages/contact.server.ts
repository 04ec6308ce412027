import type { Database } from "~/db/database.server";
import { contactMessages } from "~/db/schema";
import { AppError } from "~/platform/errors/app-error";
import {
  handleSubmission,
  submissionOf,
  unreadableReply,
} from "~/platform/forms/submission.server";
import { addressKey, type RateLimits } from "~/platform/limits/rate-limit.server";
import { type AppContext, requestContext, runtimeContext } from "~/platform/server/context.server";
import { HONEYPOT_FIELD } from "./contact-limits";
import { type ContactInput, ContactSchema } from "./contact-schema";
import { notifyStaff } from "./messages.server";

// The contact form's rules (docs/product.md#contact): a per-address ceiling on every submission
// (valid or not) and the honeypot come before the shared schema; then a per-address limit on
// accepted messages (a typo does not use up that allowance). Nothing is stored unless all pass; a
// refusal is an AppError the form shows.

type Limits = Pick<RateLimits, "contactSubmissions" | "contactMessages">;

/** An answer for the sender when the store fails: what they typed stays in the form. */
export const CONTACT_UNAVAILABLE = "An unexpected error occurred. Please try again.";

/** Runs on every submission, before its values are judged. */
export async function screenContactSubmission(
  submitted: Record<string, unknown>,
  options: { clientIp: string; limits: Limits },
): Promise<void> {
  const attempt = await options.limits.contactSubmissions.consume(addressKey(options.clientIp));
  if (!attempt.allowed) throw rateLimited(attempt.retryAfterSeconds);
  const honeypot = submitted[HONEYPOT_FIELD];
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    throw new AppError(
      "invalid",
      "Your message looks automated and was not sent. Please contact us by email instead.",
    );
  }
}

/** Stores a message that passed the schema, within the address's allowance of accepted ones. */
export async function submitContactMessage(
  db: Database,
  input: ContactInput,
  options: { clientIp: string; limits: Limits; senderId?: string | null },
): Promise<{ id: string }> {
  const message = await options.limits.contactMessages.consume(addressKey(options.clientIp));
  if (!message.allowed) throw rateLimited(message.retryAfterSeconds);
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, userId: options.senderId ?? null })
    .returning({ id: contactMessages.id });
  return { id: row!.id };
}

function rateLimited(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    "too_many",
    `Too many messages from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  );
}

/**
 * The /contact form's answer, a reply for the form: an unreadable body keeps the page (the form
 * posts through a fetcher), a store failure answers 503 with the typed values kept, and staff are
 * told after the answer, never failing it. `senderId`: a signed-in sender's message is theirs
 * (export, deletion), whatever address they typed.
 */
export async function answerContactForm(
  request: Request,
  context: AppContext,
  senderId: string | null,
) {
  const runtime = context.get(runtimeContext);
  const { clientIp } = context.get(requestContext);
  const { db, limits, logger } = runtime;
  const form = await request.formData().catch(() => null);
  if (!form) return unreadableReply();
  const submission = submissionOf(form, ContactSchema);
  return handleSubmission(
    submission,
    async (input) => {
      await submitContactMessage(db, input, { clientIp, limits, senderId });
      notifyStaff(db, runtime.mailer, runtime.env.SITE_URL, input).catch((error) =>
        logger.warn({ err: error }, "staff notification failed"),
      );
    },
    {
      before: () => screenContactSubmission(submission.payload, { clientIp, limits }),
      unexpected: {
        message: CONTACT_UNAVAILABLE,
        report: (error) => logger.error({ err: error }, "contact message not stored"),
      },
    },
  );
}
