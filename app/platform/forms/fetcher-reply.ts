import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { replyMessage } from "./schema-fields";
import type { FormReply } from "./submission.server";

// Writes that tell their outcome with a toast (the admin dashboard's, docs/product.md#toasts): a
// fetcher posts the form, the action answers with the submission's reply (./submission.server.ts),
// and which write the reply answers (its intent, its id) is read from the form data that was sent.

/**
 * The form message of a write the server could not carry out for a reason of its own (not a
 * refusal): the user did nothing wrong, so a screen may offer its own advice instead.
 */
export const SERVER_FAILURE = "The server could not save the change.";

/**
 * A fetcher whose every answer is handed once to `onReply`, with the form data it answers. The
 * page's data revalidates after every write, so after a failure the lists show the server's truth.
 */
export function useFetcherReply(key: string, onReply: (reply: FormReply, sent: FormData) => void) {
  const fetcher = useFetcher<FormReply>({ key });
  const sent = useRef<FormData | undefined>(undefined);
  const handled = useRef<FormReply | undefined>(undefined);
  const callback = useRef(onReply);
  callback.current = onReply;
  useEffect(() => {
    if (fetcher.formData) sent.current = fetcher.formData;
  }, [fetcher.formData]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && fetcher.data !== handled.current) {
      handled.current = fetcher.data;
      callback.current(fetcher.data, sent.current ?? new FormData());
    }
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}

/** What a refused or failed reply says: its form message, else its first field message. */
export function failureMessage(reply: FormReply): string | undefined {
  return replyMessage(reply) ?? Object.values(reply.error ?? {}).find((m) => m?.length)?.[0];
}

/** Whether the write failed on the server's side rather than being refused. */
export function failedOnServer(reply: FormReply): boolean {
  return replyMessage(reply) === SERVER_FAILURE;
}
