/**
 * Whether an error means the database could not be reached (refused or lost connection, server
 * shutting down or not accepting connections yet), as opposed to a fault in the query or the data.
 * Such failures are temporary: pages answer 503 with Retry-After and the next request tries again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Query builders and the auth library wrap the driver's error; look along the cause chain.
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) {
      return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Thrown where the code itself finds the database unreachable (for example a failed ping). */
export class DatabaseUnavailableError extends Error {
  name = "DatabaseUnavailableError";
  constructor(cause?: unknown) {
    super("The database is unavailable", { cause });
  }
}

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

function isUnavailableSqlState(code: string): boolean {
  // Class 08: connection exception. 57P01-57P03: administrator shutdown, crash shutdown, cannot
  // connect now (starting up or in recovery). 53300: too many connections.
  return /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === "53300";
}

// node-postgres reports lost and timed-out connections with these messages and no code.
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
];
