import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { AdminResult } from "./admin-actions.server";

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
