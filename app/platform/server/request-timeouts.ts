import type http from "node:http";

// Kept apart from request-limits.server.ts, which loads the router: server.ts imports this before
// NODE_ENV is settled for React, so it must load nothing that loads React.

/**
 * Time limits for receiving a request (Node's http server enforces them and answers 408): the
 * headers within 20 s, the whole request within 2 minutes (a 5 MB avatar at about 350 kbit/s),
 * checked every second. After a refusal the rest of a body is read and dropped for at most
 * `lingerMs`, so the client sees the answer before the connection closes.
 */
export const REQUEST_TIMEOUTS = {
  headersMs: 20_000,
  requestMs: 120_000,
  checkEveryMs: 1_000,
  lingerMs: 5_000,
};

/** The http.Server options that enforce the time limits. */
export function requestTimeoutOptions(timeouts = REQUEST_TIMEOUTS): http.ServerOptions {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  };
}
