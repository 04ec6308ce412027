import crypto from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthMiddleware,
  getAuthoritativeSessionFromCtx,
  getIP,
  isAPIError,
} from "better-auth/api";
import type { RateLimits } from "~/platform/limits/rate-limit.server";
import { TWO_FACTOR_COOKIE } from "./provider-two-factor.server";

// Sign-in throttling as identity providers do it, inside the auth library's own hook pipeline, so
// every way to its endpoints (our forms' forwarding, /api/auth/*, server calls) passes it:
// - failed sign-in and two-factor attempts count per address, whatever the account (the library's
//   per-address rules leave these endpoints to us: they would count successes too); each attempt
//   takes a point as it starts, so parallel guesses cannot slip past, and a success gives it back;
// - failed sign-ins count per (account, address) and per account; success never spends anyone's
//   allowance and clears the (account, address) count;
// - a locked account stays open to the browsers that signed in to it before (a signed cookie), so
//   an attack from many addresses does not lock its owner out;
// - a lock ends by time, and the answer says how long;
// - a TOTP code is accepted once (RFC 6238 section 5.2), on every process.

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const SIGN_IN = "/sign-in/email";
const MAILING_PATHS = new Set(["/sign-up/email", "/request-password-reset"]);
const VERIFY_TOTP = "/two-factor/verify-totp";
/** A code sent by text message (app/accounts/phone/phone-plugin.server.ts). */
const VERIFY_OTP = "/two-factor/verify-otp";
const TWO_FACTOR_STEPS = new Set([VERIFY_TOTP, VERIFY_OTP, "/two-factor/verify-backup-code"]);
/** The steps that check a password or a code for someone signing in: failures count per address. */
const ATTEMPTS = new Set([SIGN_IN, ...TWO_FACTOR_STEPS]);
/** A browser that signed in to an account; a lock for unknown devices does not apply to it. */
const KNOWN_DEVICE_COOKIE = "known_device";
const KNOWN_DEVICE_SECONDS = 180 * 24 * 60 * 60;

export const THROTTLE_CODES = {
  signInLocked: "SIGN_IN_LOCKED",
  tooManyMails: "TOO_MANY_MAILS",
  totpCodeUsed: "TOTP_CODE_ALREADY_USED",
} as const;

export function authThrottle(limits: RateLimits) {
  return {
    id: "studio-throttle",
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === SIGN_IN, handler: createAuthMiddleware(refuseLocked) },
        { matcher: (ctx) => ATTEMPTS.has(ctx.path ?? ""), handler: createAuthMiddleware(spend) },
        {
          matcher: (ctx) => MAILING_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(countMail),
        },
        { matcher: (ctx) => ctx.path === VERIFY_TOTP, handler: createAuthMiddleware(spendCode) },
      ],
      after: [
        { matcher: (ctx) => ATTEMPTS.has(ctx.path ?? ""), handler: createAuthMiddleware(settle) },
        { matcher: (ctx) => ctx.path === SIGN_IN, handler: createAuthMiddleware(countOutcome) },
        {
          matcher: (ctx) => TWO_FACTOR_STEPS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(afterTwoFactor),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  async function refuseLocked(ctx: HookContext) {
    const who = signInKeys(ctx);
    if (!who) return;
    const pair = await limits.signInFailures.check(who.pair);
    if (!pair.allowed) throw lockedOut(pair.retryAfterSeconds);
    const account = await limits.accountFailures.check(who.account);
    if (!account.allowed && !(await isKnownDevice(ctx, who.account))) {
      throw lockedOut(account.retryAfterSeconds);
    }
  }

  /** Takes the attempt's point from the address's allowance, or refuses it as the library would. */
  async function spend(ctx: HookContext) {
    // Like the library's own per-address rules, only requests count: server calls have no address.
    if (!ctx.request) return;
    const verdict = await limits.signInAttempts.consume(addressOf(ctx));
    if (verdict.allowed) return;
    // No code: the forms word it as any per-address limit ("Too many attempts. Please wait …").
    const retry = String(verdict.retryAfterSeconds);
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: "Too many requests. Please try again later." },
      { "Retry-After": retry, "X-Retry-After": retry },
    );
  }

  /** An attempt that did not fail on its credentials gives its point back. */
  async function settle(ctx: HookContext) {
    if (!ctx.request) return;
    const returned = ctx.context.returned;
    if (isAPIError(returned)) {
      const code = (returned.body as { code?: string } | undefined)?.code ?? "";
      if (!PASSED_CREDENTIALS.has(code)) return;
    }
    await limits.signInAttempts.refund(addressOf(ctx));
  }

  async function countOutcome(ctx: HookContext) {
    const who = signInKeys(ctx);
    if (!who) return;
    const returned = ctx.context.returned;
    if (isAPIError(returned)) {
      const code = (returned.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_EMAIL_OR_PASSWORD") {
        await failure(limits.signInFailures, who.pair);
        await failure(limits.accountFailures, who.account);
      } else if (code === "EMAIL_NOT_VERIFIED") {
        // The password was right: the address owes nothing.
        await limits.signInFailures.reset(who.pair);
      }
      return;
    }
    await limits.signInFailures.reset(who.pair);
    const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE, {
      maxAge: KNOWN_DEVICE_SECONDS,
    });
    await ctx.setSignedCookie(cookie.name, who.account, ctx.context.secret, cookie.attributes);
  }

  /** Counts a failure; the one that reaches the limit starts the lockout. */
  async function failure(limit: RateLimits["signInFailures"], key: string) {
    const verdict = await limit.consume(key);
    if (!verdict.allowed || verdict.remaining === 0) await limit.block(key, limits.lockoutSeconds);
  }

  async function isKnownDevice(ctx: HookContext, account: string): Promise<boolean> {
    const cookie = ctx.context.createAuthCookie(KNOWN_DEVICE_COOKIE);
    return (await ctx.getSignedCookie(cookie.name, ctx.context.secret)) === account;
  }

  /** Sign-up, reset and confirmation requests each mail an inbox: a few an hour per inbox. */
  async function countMail(ctx: HookContext) {
    const email = emailOf(ctx);
    if (!email) return;
    const verdict = await limits.mailsToAddress.consume(accountKey(email));
    if (verdict.allowed) return;
    const minutes = inMinutes(verdict.retryAfterSeconds);
    throw tooMany(
      THROTTLE_CODES.tooManyMails,
      `Too many emails have been sent to this address. Try again in ${minutes}.`,
      verdict.retryAfterSeconds,
    );
  }

  /** Claims the code before it is checked (atomic, so two racing requests cannot both use it). */
  async function spendCode(ctx: HookContext) {
    const key = await codeKey(ctx);
    if (!key) return;
    const claim = await limits.totpCodes.consume(key);
    if (claim.allowed) return;
    throw new APIError("UNAUTHORIZED", {
      code: THROTTLE_CODES.totpCodeUsed,
      message: "This code has already been used. Wait for the next code in your authenticator app.",
    });
  }

  async function afterTwoFactor(ctx: HookContext) {
    const returned = ctx.context.returned;
    if (!isAPIError(returned)) return;
    const code = (returned.body as { code?: string } | undefined)?.code;
    if (code === THROTTLE_CODES.totpCodeUsed) return;
    if (ctx.path === VERIFY_TOTP) {
      // A refused code is not spent: only an accepted one is.
      const key = await codeKey(ctx);
      if (key) await limits.totpCodes.reset(key);
    }
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" && ctx.path === VERIFY_OTP) {
      // A text message's code is spent after five wrong tries: another can be sent.
      throw new APIError("BAD_REQUEST", {
        code,
        message: "Too many wrong codes. Ask for a new code.",
      });
    }
    if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") {
      // An authenticator app has no "new code" to request: this sign-in is spent.
      throw new APIError("BAD_REQUEST", {
        code,
        message: "Too many wrong codes for this sign-in. Sign in again to continue.",
      });
    }
    if (code === "ACCOUNT_TEMPORARILY_LOCKED") {
      // The library locks the account after repeated wrong codes; say for how long.
      const userId = await twoFactorUserId(ctx);
      const row = userId
        ? await ctx.context.adapter.findOne<{ lockedUntil?: Date | string | null }>({
            model: "twoFactor",
            where: [{ field: "userId", value: userId }],
          })
        : null;
      const until = row?.lockedUntil ? new Date(row.lockedUntil).getTime() : Date.now();
      const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
      throw tooMany(
        "ACCOUNT_TEMPORARILY_LOCKED",
        `Too many wrong codes. Try again in ${inMinutes(seconds)}.`,
        seconds,
      );
    }
  }
}

function lockedOut(seconds: number) {
  return tooMany(
    THROTTLE_CODES.signInLocked,
    `Too many failed sign-in attempts. Try again in ${inMinutes(seconds)}.`,
    seconds,
  );
}

function tooMany(code: string, message: string, seconds: number) {
  const retry = String(Math.max(1, Math.ceil(seconds)));
  return new APIError(
    "TOO_MANY_REQUESTS",
    { code, message },
    { "Retry-After": retry, "X-Retry-After": retry },
  );
}

function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Refusals after the password or code was right: the attempt is not a failure. */
const PASSED_CREDENTIALS = new Set(["EMAIL_NOT_VERIFIED"]);

/** The caller's address as the library's rate limits see it. */
function addressOf(ctx: HookContext): string {
  // Server calls without a request (scripts, tests) count as one local address.
  return getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options) ?? "local";
}

function emailOf(ctx: HookContext): string | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : null;
}

/** Counted under a hash, so the counters hold no e-mail addresses (nor codes). */
function accountKey(value: string): string {
  return crypto.createHash("sha256").update(value).digest("base64url").slice(0, 32);
}

function signInKeys(ctx: HookContext) {
  const email = emailOf(ctx);
  if (!email) return null;
  const account = accountKey(email);
  return { account, pair: `${account}|${addressOf(ctx)}` };
}

/** The user a two-factor step is for: the signed-in user, or the one the password step named. */
export async function twoFactorUserId(
  ctx: Parameters<typeof getAuthoritativeSessionFromCtx>[0],
): Promise<string | null> {
  const session = await getAuthoritativeSessionFromCtx(ctx).catch(() => null);
  if (session?.user) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

async function codeKey(ctx: HookContext): Promise<string | null> {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string" || !code.trim()) return null;
  const userId = await twoFactorUserId(ctx);
  // Hashed like the account keys: the counters never hold what a client typed.
  return userId ? accountKey(`${userId}|${code.trim()}`) : null;
}
