import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { formErrorReply } from "~/platform/errors/adapters.server";
import { AppError, isAppError } from "~/platform/errors/app-error";
import { readForm, UNREADABLE_FORM } from "./read-form.server";

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
 * A body that is not a readable form, for a form that keeps its own page (a fetcher form) rather
 * than the error boundary: a 400 reply whose form message says so.
 */
export function unreadableReply() {
  return data<FormReply>({ status: "error", error: { "": [UNREADABLE_FORM] } }, { status: 400 });
}

/** A redirect or `data()` a write throws on purpose: React Router answers with it as it is. */
function isThrownAnswer(error: unknown): boolean {
  return (
    error instanceof Response ||
    (typeof error === "object" &&
      error !== null &&
      "type" in error &&
      error.type === "DataWithResponseInit")
  );
}

type HandleOptions = {
  /**
   * Runs on every submission, valid or not, before its values are judged (a per-address ceiling, a
   * honeypot). Its AppError is the form's only message: no field messages beside it.
   */
  before?: () => Promise<void>;
  /**
   * A failure that is no AppError (the store is down) is reported, then answered as `unavailable`
   * (503) with this message, the typed values kept. Without it such a failure propagates (a bug).
   */
  unexpected?: { message: string; report: (error: unknown) => void };
};

/**
 * Runs a parsed submission: an invalid one is answered 400 with its messages; a valid one runs
 * `write`, whose AppError becomes the form's message (with its status) and whose success resets
 * the form unless `write` says otherwise. Anything else `write` throws is a bug and propagates,
 * unless `options.unexpected` says how to answer it.
 */
export async function handleSubmission<Input, Output>(
  submission: Submission<Input, string[], Output>,
  // biome-ignore lint/suspicious/noConfusingVoidType: a write that returns nothing resets the form.
  write: (value: Output) => Promise<ReplyOptions | void>,
  options: HandleOptions = {},
) {
  const asAppError = (error: unknown) => {
    if (isAppError(error) || isThrownAnswer(error) || !options.unexpected) return error;
    options.unexpected.report(error);
    return new AppError("unavailable", options.unexpected.message);
  };
  try {
    await options.before?.();
  } catch (error) {
    // The refusal alone: what the schema would say of the values is not shown beside it.
    return formErrorReply((reply) => {
      const only = { ...reply?.fieldErrors, ...(reply?.formErrors && { "": reply.formErrors }) };
      return { ...replyTo(submission, reply), error: only };
    }, asAppError(error));
  }
  if (submission.status !== "success") return data(replyTo(submission), { status: 400 });
  try {
    const replyOptions = (await write(submission.value)) ?? { resetForm: true };
    return data(replyTo(submission, replyOptions), { status: 200 });
  } catch (error) {
    return formErrorReply((reply) => replyTo(submission, reply), asAppError(error));
  }
}
