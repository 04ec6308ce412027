import { clockNow } from "~/platform/clock/clock.server";
import { type AppContext, runtimeContext } from "./context.server";

export class InjectedFault extends Error {
  name = "InjectedFault";
}

/**
 * Failure-path tests make the real server fail: with FAULT_INJECTION=true (refused in production), a
 * request carrying the cookie `studio_fault=<operation>[,<operation>…]` fails that operation on the
 * server, after validation and before any write.
 */
export function failIfInjected(request: Request, context: AppContext, operation: string): void {
  if (!context.get(runtimeContext).env.FAULT_INJECTION) return;
  const match = /(?:^|;\s*)studio_fault=([^;]*)/.exec(request.headers.get("Cookie") ?? "");
  if (
    match &&
    decodeURIComponent(match[1] ?? "")
      .split(",")
      .includes(operation)
  ) {
    throw new InjectedFault(`Injected fault: ${operation}`);
  }
}

/**
 * The time a request is judged at: now (the product's clock), or with FAULT_INJECTION=true (refused
 * in production) the moment the cookie `studio_clock=<ISO time>` names, so a browser test can open
 * a link after it expired without waiting a week.
 */
export function requestTime(request: Request, context: AppContext): Date {
  const now = clockNow();
  if (!context.get(runtimeContext).env.FAULT_INJECTION) return now;
  const match = /(?:^|;\s*)studio_clock=([^;]*)/.exec(request.headers.get("Cookie") ?? "");
  const set = match ? new Date(decodeURIComponent(match[1] ?? "")) : null;
  return set && !Number.isNaN(set.getTime()) ? set : now;
}
