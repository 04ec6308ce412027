import { APP_ERROR_KINDS, AppError, type AppErrorKind } from "~/platform/errors/app-error";
import { type AppContext, requestContext, runtimeContext } from "~/platform/server/context.server";
import { CLIENT_IP_HEADER } from "./auth.server";
import { authContext } from "./auth-context.server";

export type AuthAnswer<T = Record<string, unknown>> = {
  status: number;
  ok: boolean;
  body: T & { message?: string; code?: string };
  /** The Set-Cookie headers to pass on to the browser. */
  cookies: Headers;
  retryAfterSeconds: number | null;
};

/**
 * Sends a form's values to the auth library's own endpoint, as the browser's request would, so its
 * origin checks, rate limits and cookies apply to forms that post to our route actions (they work
 * without JavaScript).
 */
export async function forwardToAuth<T = Record<string, unknown>>(
  request: Request,
  context: AppContext,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthAnswer<T>> {
  const headers = new Headers({ "Content-Type": "application/json" });
  for (const name of ["cookie", "origin", "user-agent", "accept-language"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(CLIENT_IP_HEADER, context.get(requestContext).clientIp);
  const response = await context.get(authContext).handler(
    new Request(`${context.get(runtimeContext).env.SITE_URL}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { message: text };
  }
  const retry = response.headers.get("X-Retry-After");
  return {
    status: response.status,
    ok: response.ok,
    body: (parsed ?? {}) as AuthAnswer<T>["body"],
    cookies,
    retryAfterSeconds: retry ? Number(retry) : null,
  };
}

/** A user-facing sentence for a refused auth call. */
export function authErrorMessage(answer: AuthAnswer<unknown>, fallback: string): string {
  if (answer.status === 429) {
    // Lockouts (auth-throttle.server.ts) say themselves how long; the per-address limit does not.
    if (answer.body.code && answer.body.message) return answer.body.message;
    const seconds = answer.retryAfterSeconds ?? 60;
    return `Too many attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
  }
  if (answer.status === 403 && answer.body.code === "EMAIL_NOT_VERIFIED") {
    return "Please confirm your email address first. We have sent you a new confirmation link.";
  }
  return answer.body.message || fallback;
}

const KIND_OF_STATUS = new Map<number, AppErrorKind>(
  Object.entries(APP_ERROR_KINDS).map(([kind, { status }]) => [status, kind as AppErrorKind]),
);

/**
 * A refused auth call as the form's AppError: the library's own 4xx status (401 wrong password,
 * 403 unconfirmed address, 429 throttled, ...) and its sentence; anything else is a 400.
 */
export function authRefusal(answer: AuthAnswer<unknown>, fallback: string): AppError {
  const kind = (answer.status < 500 && KIND_OF_STATUS.get(answer.status)) || "invalid";
  return new AppError(kind, authErrorMessage(answer, fallback), {
    retryAfterSeconds: answer.status === 429 ? (answer.retryAfterSeconds ?? undefined) : undefined,
  });
}
