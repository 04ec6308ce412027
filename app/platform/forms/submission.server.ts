import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { formErrorReply } from "~/platform/errors/adapters.server";
import { readForm } from "./read-form.server";

// The server half of the one form contract: an action reads the form, parses it with the same zod
// schema the browser ran (Conform's `parseWithZod`), and answers with the submission's reply. The
// browser's `useSchemaForm` takes that reply as `lastResult`: field messages, form messages and the
// values to refill, with no hand-written result type in between.

/** Fields whose values never travel back to the browser in a reply. */
const SECRET_FIELD = /password|code|token|secret/i;

export type FormReply = SubmissionResult<string[]>;

/** Parses a submitted form with its schema; an unreadable body is a thrown 400. */
export async function parseSubmission<S extends z.ZodType<Record<string, unknown>>>(
  request: Request,
  schema: S,
) {
  return submissionOf(await readForm(request), schema);
}

export function submissionOf<S extends z.ZodType<Record<string, unknown>>>(
  form: FormData,
  schema: S,
) {
  // Our schemas read empty fields as empty strings (their own "is required" messages), so Conform's
  // coercion of "" to undefined is off.
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}

type ReplyOptions = { formErrors?: string[]; resetForm?: boolean };

/** The submission's reply, with secret fields never echoed back. */
export function replyTo<Input, Output>(
  submission: Submission<Input, string[], Output>,
  options: ReplyOptions = {},
): FormReply {
  const hideFields = Object.keys(submission.payload).filter((name) => SECRET_FIELD.test(name));
  const reply = submission.reply({ ...options, hideFields });
  // A reset reply carries no status of its own; the screen still needs to know it succeeded.
  return { ...reply, status: reply.status ?? submission.status };
}

/**
 * Runs a parsed submission: an invalid one is answered 400 with its messages; a valid one runs
 * `write`, whose AppError becomes the form's message (with its status) and whose success resets
 * the form unless `write` says otherwise. Anything else `write` throws is a bug and propagates.
 */
export async function handleSubmission<Input, Output>(
  submission: Submission<Input, string[], Output>,
  // biome-ignore lint/suspicious/noConfusingVoidType: a write that returns nothing resets the form.
  write: (value: Output) => Promise<ReplyOptions | void>,
) {
  if (submission.status !== "success") return data(replyTo(submission), { status: 400 });
  try {
    const options = (await write(submission.value)) ?? { resetForm: true };
    return data(replyTo(submission, options), { status: 200 });
  } catch (error) {
    return formErrorReply((options) => replyTo(submission, options), error);
  }
}
