import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import { recordActivity } from "~/activity/activity.server";
import type { Database } from "~/db/database.server";
import * as schema from "~/db/schema";
import type { Mailer } from "~/mail/mailer.server";
import { createAccountDefaults, deleteAccountContent } from "~/profiles/profiles.server";
import type { Env } from "~/server/env.server";
import type { Logger } from "~/server/logger.server";
import { consumeRateLimit } from "~/server/rate-limit.server";
import { STUDIO } from "~/studio/studio";
import { hashPassword, PASSWORD_LIMITS, verifyPassword } from "./password.server";

/** The header server.ts sets from Express's resolved client address (TRUST_PROXY aware). */
export const CLIENT_IP_HEADER = "x-studio-client-ip";

/** Strict limits for the endpoints attackers aim at (per address, shared by every process). */
export const AUTH_RATE_RULES = {
  "/sign-in/email": { window: 60, max: 5 },
  "/sign-up/email": { window: 600, max: 10 },
  "/request-password-reset": { window: 600, max: 5 },
  "/reset-password": { window: 600, max: 10 },
  "/send-verification-email": { window: 600, max: 5 },
  "/two-factor/*": { window: 60, max: 5 },
} as const;

export type AuthDeps = { db: Database; env: Env; mailer: Mailer; logger: Logger };

export function createAuth({ db, env, mailer, logger }: AuthDeps) {
  const loopbackOrigins = [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
  return betterAuth({
    appName: STUDIO.name,
    baseURL: env.SITE_URL,
    basePath: "/api/auth",
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.SITE_URL, ...loopbackOrigins],
    telemetry: { enabled: false },
    // The library's messages go to our structured log; failed sign-ins are routine, not warnings.
    logger: {
      level: "info",
      log: (level, message, ...args) => {
        const details = args.length ? { details: args.map(String) } : {};
        if (level === "error") logger.error(details, `auth: ${message}`);
        else logger.info(details, `auth: ${message}`);
      },
    },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LIMITS.min,
      maxPasswordLength: PASSWORD_LIMITS.max,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: !env.REQUIRE_EMAIL_VERIFICATION,
      revokeSessionsOnPasswordReset: true,
      // Signing up with a registered address answers like a new sign-up; the owner is told.
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send({
          to: user.email,
          subject: `Someone tried to sign up with your ${STUDIO.name} address`,
          text: `Someone tried to create a ${STUDIO.name} account with this e-mail address, which already has one.\n\nIf it was you, sign in instead, or reset your password here:\n${env.SITE_URL}/auth/forgot-password\n`,
        });
      },
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Reset your ${STUDIO.name} password`,
          text: `Someone asked to reset the password of your ${STUDIO.name} account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Confirm your ${STUDIO.name} account`,
          text: `Welcome to ${STUDIO.name}!\n\nConfirm your e-mail address to finish creating your account:\n${url}\n\nThe link works for 24 hours. If you did not sign up, ignore this mail.\n`,
        });
      },
    },
    user: {
      deleteUser: {
        enabled: true,
        // The account's contact messages go with it (docs/decisions); its sessions, profile,
        // preferences and activity cascade in the database.
        beforeDelete: async (user) => {
          await deleteAccountContent(db, user.email);
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: AUTH_RATE_RULES,
      customStorage: {
        consume: async (key, rule) => {
          const result = await consumeRateLimit(db, `auth:${key}`, rule.max, rule.window);
          return {
            allowed: result.allowed,
            retryAfter: result.allowed ? null : result.retryAfterSeconds,
          };
        },
      },
    },
    advanced: {
      cookiePrefix: "studio",
      useSecureCookies: env.SITE_URL.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createAccountDefaults(db, user);
          },
        },
      },
      session: {
        create: {
          after: async (session, context) => {
            // With two-factor on, the password step's session is replaced by the one the code
            // step makes: count the login once, there.
            if (context?.path === "/sign-in/email") {
              const [user] = await db
                .select({ twoFactorEnabled: schema.users.twoFactorEnabled })
                .from(schema.users)
                .where(eqUserId(session.userId));
              if (user?.twoFactorEnabled) return;
            }
            await recordActivity(db, session.userId, "login").catch((error) =>
              logger.warn({ err: error }, "login activity not recorded"),
            );
          },
        },
      },
    },
    plugins: [twoFactor({ issuer: STUDIO.name, backupCodeOptions: { amount: 10 } })],
  });
}

function eqUserId(userId: string) {
  return eq(schema.users.id, userId);
}

export type Auth = ReturnType<typeof createAuth>;
