import { useEffect } from "react";

/**
 * Whether a rejection is a request that a newer one interrupted: React Router aborts a fetcher's
 * revalidation that a navigation overtook, or a tab's navigation a quicker choice replaced, and
 * some of its promises then reject with an AbortError that nothing awaits
 * (remix-run/react-router#14203). The newer request wins, so that is no error.
 */
export function isInterruption(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

/**
 * Keeps interrupted requests out of the console as uncaught errors, for the whole page at once
 * (no caller of `navigate` or `fetcher.submit` has to remember it); any other unhandled rejection
 * is still reported.
 */
export function useQuietInterruptions() {
  useEffect(() => {
    const quiet = (event: PromiseRejectionEvent) => {
      if (isInterruption(event.reason)) event.preventDefault();
    };
    window.addEventListener("unhandledrejection", quiet);
    return () => window.removeEventListener("unhandledrejection", quiet);
  }, []);
}
