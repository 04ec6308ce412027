import type { FormReply } from "../../app/platform/forms/submission.server";

export type Said = {
  /** The write went through. */
  ok: boolean;
  /** The message about the whole form. */
  formError?: string;
  /** The first message of each field that has one. */
  errors?: Record<string, string>;
  /** The values sent back to refill the form. */
  values?: Record<string, unknown>;
};

/** What a form action's reply (the one form contract) tells the page. */
export function said(reply: unknown): Said {
  const answer = (reply ?? {}) as FormReply;
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(answer.error ?? {})) {
    if (field !== "" && messages?.[0]) errors[field] = messages[0];
  }
  return {
    ok: answer.status === "success",
    formError: answer.error?.[""]?.[0],
    errors: Object.keys(errors).length > 0 ? errors : undefined,
    values: answer.initialValue ?? undefined,
  };
}
