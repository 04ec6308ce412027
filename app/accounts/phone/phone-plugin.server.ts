import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getIP,
  getSessionFromCtx,
  isAPIError,
} from "better-auth/api";
import { and, eq, isNotNull } from "drizzle-orm";
import { phoneFactors, twoFactors } from "~/db/schema";
import { AppError, isAppError } from "~/platform/errors/app-error";
import { twoFactorUserId } from "../auth-throttle.server";
import { mailNewCredential } from "../credential-mail.server";
import { recordPhoneUse } from "./phone-factor.server";
import { PHONE_CODE_MINUTES, PHONE_CODE_TRIES } from "./phone-schema";
import { admitCode, type CodeText, deliverCode, type SmsDeps } from "./sms-sending.server";
import { maskPhone } from "./sms-transport.server";

// Signing in with the phone (docs/accounts-and-security.md#phone) is the two-factor plugin's own
// code step: `/two-factor/send-otp` makes a code bound to the sign-in attempt (its two-factor
// cookie) and `/two-factor/verify-otp` takes it once, within 10 minutes and 5 wrong tries. This
// plugin adds what the product needs around it:
// - before a code is made, the fraud limits (so a refused resend leaves the last code working);
// - the text message itself (`sendOTP`), and a failed send answered as such, not as "sent";
// - the phone's last use; the authenticator app turned off without taking the phone's two-factor
//   away; the new-app mail when the phone had turned two-factor on already;
// - a server call that tells the sign-in page which factors the waiting account has.

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const SEND = "/two-factor/send-otp";
const VERIFY = "/two-factor/verify-otp";
const VERIFY_TOTP = "/two-factor/verify-totp";

export type PendingFactors = { phone: string | null; app: boolean };

function apiError(error: AppError) {
  const status =
    error.status === 429
      ? "TOO_MANY_REQUESTS"
      : error.status === 503
        ? "SERVICE_UNAVAILABLE"
        : "BAD_REQUEST";
  const retry = error.retryAfterSeconds ? String(error.retryAfterSeconds) : null;
  return new APIError(
    status,
    { code: error.code.toUpperCase(), message: error.message },
    retry ? { "Retry-After": retry, "X-Retry-After": retry } : undefined,
  );
}

export function phoneSignIn(deps: SmsDeps) {
  // Sends that failed, by user, from `sendOTP` to the after hook of the same request: the plugin
  // catches what `sendOTP` throws, so the failure is answered here.
  const failed = new Map<string, AppError>();
  // Signed-in users confirming an app while the phone keeps two-factor on, from before to after.
  const appsWaiting = new Set<string>();

  async function verifiedPhone(userId: string) {
    const [row] = await deps.db
      .select({ id: phoneFactors.id, phone: phoneFactors.phone })
      .from(phoneFactors)
      .where(and(eq(phoneFactors.userId, userId), isNotNull(phoneFactors.verifiedAt)));
    return row ?? null;
  }

  async function codeText(ctx: HookContext, userId: string): Promise<CodeText | null> {
    const phone = await verifiedPhone(userId);
    if (!phone) return null;
    const user = await ctx.context.internalAdapter.findUserById(userId);
    if (!user) return null;
    return {
      user: { id: user.id, email: user.email },
      phone: phone.phone,
      code: "",
      purpose: "sign-in",
      ip: ctx.request ? (getIP(ctx.request, ctx.context.options) ?? null) : null,
      factorId: phone.id,
    };
  }

  /** `otpOptions` of the two-factor plugin. */
  const otpOptions = {
    period: PHONE_CODE_MINUTES,
    allowedAttempts: PHONE_CODE_TRIES,
    storeOTP: "hashed" as const,
    sendOTP: async ({ user, otp }: { user: { id: string }; otp: string }, ctx?: unknown) => {
      const hook = ctx as HookContext;
      const text = await codeText(hook, user.id);
      if (!text) return;
      try {
        await deliverCode(deps, { ...text, code: otp });
      } catch (error) {
        failed.set(user.id, isAppError(error) ? error : new AppError("unavailable", String(error)));
      }
    },
  };

  const plugin = {
    id: "studio-phone-sign-in",
    endpoints: {
      /** Server only: which factors the sign-in waiting for its second step can use. */
      pendingFactors: createAuthEndpoint(
        "/phone/pending-factors",
        { method: "GET", metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const userId = await twoFactorUserId(ctx);
          if (!userId) return ctx.json<PendingFactors>({ phone: null, app: false });
          const [phone, [app]] = await Promise.all([
            verifiedPhone(userId),
            deps.db
              .select({ verified: twoFactors.verified, secret: twoFactors.secret })
              .from(twoFactors)
              .where(eq(twoFactors.userId, userId)),
          ]);
          return ctx.json<PendingFactors>({
            phone: phone && deps.sms ? maskPhone(phone.phone) : null,
            app: Boolean(app && app.secret !== "" && app.verified !== false),
          });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (context) => context.path === SEND,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await twoFactorUserId(ctx);
            // No waiting sign-in: the plugin's own check answers.
            if (!userId) return;
            const text = await codeText(ctx, userId);
            if (!text) {
              throw new APIError("BAD_REQUEST", {
                code: "NO_PHONE",
                message: "This account has no phone for sign-in codes.",
              });
            }
            try {
              await admitCode(deps, text);
            } catch (error) {
              if (isAppError(error)) throw apiError(error);
              throw error;
            }
          }),
        },
        {
          // The plugin's "otp" method would turn two-factor on with no phone to send codes to: a
          // phone is added in the profile, where its number is proven first.
          matcher: (context) => context.path === "/two-factor/enable",
          handler: createAuthMiddleware(async (ctx) => {
            if ((ctx.body as { method?: unknown } | undefined)?.method !== "otp") return;
            throw new APIError("BAD_REQUEST", {
              code: "PHONE_ADDED_IN_PROFILE",
              message:
                "Add a phone in your profile's Security section: its number is checked first.",
            });
          }),
        },
        {
          // Turning the authenticator app off keeps two-factor on when the phone is there: the app's
          // secret goes, the recovery codes stay (the plugin's own endpoint would drop both).
          matcher: (context) => context.path === "/two-factor/disable",
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await twoFactorUserId(ctx);
            if (!userId || !(await verifiedPhone(userId))) return;
            const password = (ctx.body as { password?: unknown } | undefined)?.password;
            const accounts = await ctx.context.internalAdapter.findAccounts(userId);
            const hash = accounts.find((a) => a.providerId === "credential")?.password;
            const valid =
              typeof password === "string" &&
              typeof hash === "string" &&
              (await ctx.context.password.verify({ hash, password }));
            if (!valid) {
              throw new APIError("BAD_REQUEST", {
                code: "INVALID_PASSWORD",
                message: "Invalid password",
              });
            }
            await deps.db
              .update(twoFactors)
              .set({ secret: "", verified: false })
              .where(eq(twoFactors.userId, userId));
            return ctx.json({ status: true });
          }),
        },
        {
          matcher: (context) => context.path === VERIFY_TOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session?.user.twoFactorEnabled) return;
            const [app] = await deps.db
              .select({ verified: twoFactors.verified, secret: twoFactors.secret })
              .from(twoFactors)
              .where(eq(twoFactors.userId, session.user.id));
            if (app && app.secret !== "" && app.verified === false)
              appsWaiting.add(session.user.id);
          }),
        },
      ],
      after: [
        {
          matcher: (context) => context.path === SEND,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await twoFactorUserId(ctx);
            if (!userId) return;
            const error = failed.get(userId);
            failed.delete(userId);
            if (error) throw apiError(error);
          }),
        },
        {
          matcher: (context) => context.path === VERIFY,
          handler: createAuthMiddleware(async (ctx) => {
            if (isAPIError(ctx.context.returned)) return;
            const userId = ctx.context.newSession?.user.id;
            if (userId) await recordPhoneUse(deps.db, userId);
          }),
        },
        {
          // The plugin turns two-factor on (and so mails, credential-mail.server.ts) only when it
          // was off; with the phone it was on already, so the app's confirmation is mailed here.
          matcher: (context) => context.path === VERIFY_TOTP,
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (!session || !appsWaiting.delete(session.user.id)) return;
            if (isAPIError(ctx.context.returned)) return;
            await mailNewCredential(deps.mailer, deps.siteUrl, session.user.email, {
              kind: "authenticator-app",
            }).catch((error) => deps.logger.error({ err: error }, "new credential mail not sent"));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return { otpOptions, plugin };
}
