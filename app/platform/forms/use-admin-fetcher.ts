import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/** What the admin dashboard's action answers one write; `Intent` is its closed set of intents. */
export type AdminResult<Intent extends string = string> =
  | { ok: true; intent: Intent; id?: string }
  | { ok: false; intent: Intent | null; error: string; status: number };

/**
 * A fetcher for one admin write that calls back once per answer: onDone with the result, so each
 * tab shows the spec's toast. The page's data revalidates after every write, so on failure the
 * lists return to the server's truth.
 */
export function useAdminFetcher(key: string, onDone: (result: AdminResult) => void) {
  const fetcher = useFetcher<AdminResult>({ key });
  const handled = useRef<AdminResult | undefined>(undefined);
  const callback = useRef(onDone);
  callback.current = onDone;
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && fetcher.data !== handled.current) {
      handled.current = fetcher.data;
      callback.current(fetcher.data);
    }
  }, [fetcher.state, fetcher.data]);
  return fetcher;
}
