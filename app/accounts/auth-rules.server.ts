import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";

// The product's rules for the auth library's own endpoints. They live inside the
// library, so its HTTP endpoints (/api/auth/*), our form actions (which forward to the same handler)
// and server calls all meet them.

export const AUTH_BASE_PATH = "/api/auth";

/**
 * The endpoints the product uses, and nothing else: the /auth forms, two-factor, password reset and
 * profile security post to them; the mailed links open the two GETs. Paths in the notation of the
 * library's rate-limit rules (`*` one path segment): each has its rule in `AUTH_RULES`
 * (app/platform/limits/rate-limit.server.ts).
 */
export const PRODUCT_ENDPOINTS: readonly { method: "GET" | "POST"; path: string }[] = [
  { method: "POST", path: "/sign-in/email" },
  { method: "POST", path: "/sign-up/email" },
  { method: "POST", path: "/sign-out" },
  { method: "GET", path: "/verify-email" },
  { method: "POST", path: "/request-password-reset" },
  { method: "GET", path: "/reset-password/*" },
  { method: "POST", path: "/reset-password" },
  { method: "POST", path: "/change-password" },
  // The password entered again before adding a credential (confirmation.server.ts).
  { method: "POST", path: "/confirm-password" },
  { method: "POST", path: "/delete-user" },
  { method: "POST", path: "/two-factor/enable" },
  { method: "POST", path: "/two-factor/disable" },
  { method: "POST", path: "/two-factor/verify-totp" },
  { method: "POST", path: "/two-factor/verify-backup-code" },
  // A sign-in code by text message: sent, then checked (app/accounts/phone/phone-plugin.server.ts).
  { method: "POST", path: "/two-factor/send-otp" },
  { method: "POST", path: "/two-factor/verify-otp" },
  // Sign-in providers: starting a flow (sign in or link) and the provider's return.
  { method: "POST", path: "/sign-in/social" },
  { method: "POST", path: "/link-social" },
  { method: "GET", path: "/callback/*" },
  // Passkeys: the browser asks for options and answers with the authenticator's response.
  { method: "GET", path: "/passkey/generate-register-options" },
  { method: "GET", path: "/passkey/generate-authenticate-options" },
  { method: "POST", path: "/passkey/verify-registration" },
  { method: "POST", path: "/passkey/verify-authentication" },
];

// A `*` segment holds a reset token or a provider's id: letters, digits, `_` and `-`.
const OPEN = PRODUCT_ENDPOINTS.map(({ method, path }) => ({
  method,
  path: new RegExp(`^${path.replaceAll("*", "[\\w-]+")}$`),
}));

/** Whether a request to the library's handler is one the product makes (path as the router sees it). */
export function isProductEndpoint(method: string, url: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return false;
  }
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  const path = pathname.slice(AUTH_BASE_PATH.length);
  return OPEN.some((e) => e.method === method && e.path.test(path));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function withoutToken(value: Record<string, unknown>): Record<string, unknown> {
  const { token: _token, ...rest } = value;
  return rest;
}

/**
 * An endpoint's answer without raw session tokens (sign-in, sign-up, two-factor and password change
 * answer with the new session's token; the session lookups with every session's). The session
 * travels in its HttpOnly cookie only. Null when there is nothing to remove.
 */
export function withoutSessionTokens(answer: unknown): Record<string, unknown> | unknown[] | null {
  if (Array.isArray(answer)) {
    if (!answer.some((item) => isPlainObject(item) && "token" in item)) return null;
    return answer.map((item) => (isPlainObject(item) ? withoutToken(item) : item));
  }
  if (!isPlainObject(answer)) return null;
  const session = answer.session;
  const sessionHasToken = isPlainObject(session) && "token" in session;
  if (!("token" in answer) && !sessionHasToken) return null;
  const stripped = withoutToken(answer);
  if (sessionHasToken) stripped.session = withoutToken(session);
  return stripped;
}

export const PASSWORD_REQUIRED = "Password is required";

/** The library's plugin form of the rules above. */
export function productRules(): BetterAuthPlugin {
  return {
    id: "studio-product-rules",
    // Anything the product does not use answers 404, before rate limits or parsing.
    onRequest: async (request) => {
      if (isProductEndpoint(request.method, request.url)) return;
      return { response: new Response("Not Found", { status: 404 }) };
    },
    hooks: {
      before: [
        {
          // Deleting the account always asks for the password: the library would accept a session
          // younger than a day instead.
          matcher: (context) => context.path === "/delete-user",
          handler: createAuthMiddleware(async (ctx) => {
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            if (typeof password !== "string" || password === "") {
              throw new APIError("BAD_REQUEST", {
                message: PASSWORD_REQUIRED,
                code: "PASSWORD_REQUIRED",
              });
            }
          }),
        },
      ],
      after: [
        {
          // Server-only endpoints (no path: signing a service token) answer our own code, which
          // asked for the token it gets.
          matcher: (context) => context.path !== undefined,
          handler: createAuthMiddleware(async (ctx) => {
            const stripped = withoutSessionTokens(ctx.context.returned);
            // A list (of sessions) is answered as JSON like an object; json() is typed for objects.
            if (stripped !== null) return ctx.json(stripped as Record<string, unknown>);
          }),
        },
      ],
    },
  };
}
