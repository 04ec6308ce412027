import { createContext, type MiddlewareFunction } from "react-router";
import type { AppContext } from "./context.server";

// What the loaders of one page request read once between them (the viewer, the site settings):
// kept in the request's router context, the one object all of them are handed (React Router gives
// each loader a copy of the request, so the request itself cannot key it), and dropped when the
// request is answered. Nothing is kept between requests.

const pageReads = createContext<Map<string, Promise<unknown>> | null>(null);

/** The root's middleware: the loaders of one request share their reads (readOncePerPage). */
export const sharePageReads: MiddlewareFunction<Response> = async ({ context }, next) => {
  context.set(pageReads, new Map());
  try {
    return await next();
  } finally {
    context.set(pageReads, null);
  }
};

/**
 * `read()` once for all the loaders of a page request that ask under `key`. A form's request (an
 * action, which may change what is read) reads afresh; the loaders after it share one read made
 * after it. Outside the middleware (a loader called on its own) it simply reads.
 */
export function readOncePerPage<T>(
  request: Request,
  context: AppContext,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const shared =
    request.method === "GET" || request.method === "HEAD" ? context.get(pageReads) : null;
  if (!shared) return read();
  let pending = shared.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    shared.set(key, pending);
  }
  return pending;
}
