import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { type FormReply, handleSubmission } from "./submission.server";

// A write whose success the page shows in place rather than after a redirect, with something the
// write made (a two-factor enrolment's QR code and backup codes): the submission's reply carries it
// as `result`. Everything else is `handleSubmission`'s: an invalid submission is a 400, an AppError
// its status and message, and neither carries a result.

/** A form reply with what a successful write made for the page. */
export type FormReplyWith<T> = FormReply & { result?: T };

/** `handleSubmission` for a write that returns what the page shows; the form is reset. */
export async function handleSubmissionWith<Input, Output, T>(
  submission: Submission<Input, string[], Output>,
  write: (value: Output) => Promise<T>,
  options?: Parameters<typeof handleSubmission>[2],
) {
  let result: T | undefined;
  const answer = await handleSubmission(
    submission,
    async (value) => {
      result = await write(value);
    },
    options,
  );
  const reply: FormReplyWith<T> = { ...answer.data, result };
  return data(reply, answer.init ?? undefined);
}
