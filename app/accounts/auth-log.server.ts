import type { BetterAuthOptions } from "better-auth/minimal";
import { type Logger, redactSecrets } from "~/platform/logging/logger.server";

/**
 * The library's messages go to our structured log, with any token or link in them masked; failed
 * sign-ins are routine, not warnings.
 */
export function authLogger(logger: Logger): BetterAuthOptions["logger"] {
  return {
    level: "info",
    log: (level, message, ...args) => {
      const details = args.length ? { details: args.map((a) => redactSecrets(String(a))) } : {};
      const line = `auth: ${redactSecrets(message)}`;
      if (level === "error" && !isRoutineRefusal(message)) logger.error(details, line);
      else logger.info(details, line);
    },
  };
}

/**
 * Refusals the library logs as errors that are a caller's mistake, not ours: a wrong API key, a
 * provider callback with an unknown state or an unverified address (each answered 4xx or sent back
 * to /auth).
 */
const ROUTINE_REFUSALS = [
  /^Failed to validate API key/,
  /^Failed to parse state/,
  /^account_not_linked$/,
  /^Failed to validate authorization code/,
];
function isRoutineRefusal(message: string) {
  return ROUTINE_REFUSALS.some((pattern) => pattern.test(message));
}
