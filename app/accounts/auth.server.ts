import { apiKey } from "@better-auth/api-key";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { betterAuth } from "better-auth/minimal";
import { jwt } from "better-auth/plugins/jwt";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import { recordActivity } from "~/activity/index.server";
import type { Database } from "~/db/database.server";
import * as schema from "~/db/schema";
import type { Env } from "~/platform/config/env.server";
import { AUTH_RULES, createRateLimits, type RateLimits } from "~/platform/limits/rate-limit.server";
import type { Logger } from "~/platform/logging/logger.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import { configuredStorage } from "~/platform/storage/configured.server";
import type { Storage } from "~/platform/storage/storage.server";
import { isLastOwnerError } from "~/roles/index.server";
import { type AccountErasure, deleteAccount } from "./account-deletion.server";
import { accountMails } from "./account-mails.server";
import { revokeAllApiKeys } from "./api-key-revocation.server";
import { authLogger } from "./auth-log.server";
import { AUTH_BASE_PATH, productRules } from "./auth-rules.server";
import { authThrottle } from "./auth-throttle.server";
import { credentialConfirmation } from "./confirmation.server";
import { credentialMailHooks } from "./credential-mail.server";
import { passkeyPlugins } from "./passkey-rules.server";
import { hashPassword, PASSWORD_LIMITS, verifyPassword } from "./password.server";
import { phoneSignIn } from "./phone/phone-plugin.server";
import type { SmsTransport } from "./phone/sms-transport.server";
import { PROVIDER_CALLBACK_PATH, providerSecondFactor } from "./provider-two-factor.server";
import { oidcPlugins, socialProviders } from "./providers.server";
import { API_KEY_PREFIX, SERVICE_TOKEN_LIFETIME } from "./tokens";

/** The header server.ts sets from Express's resolved client address (TRUST_PROXY aware). */
export const CLIENT_IP_HEADER = "x-studio-client-ip";

export type AuthDeps = {
  db: Database;
  env: Env;
  mailer: Mailer;
  logger: Logger;
  /** The server's limits; one-off tools (the CLI, seeding) count in their own memory. */
  limits?: RateLimits;
  /** Where avatars live; the configured storage when not given. */
  storage?: Storage;
  /** Where sign-in codes by text message go; null: phones are not offered. */
  sms: SmsTransport | null;
  /**
   * What a new account gets beside its user row (its profile and preferences): passed in, since
   * the profiles feature builds on accounts and not the other way round.
   */
  accountDefaults: (
    db: Database,
    user: { id: string; email: string; createdAt?: Date },
  ) => Promise<void>;
  /**
   * What goes with a deleted account beside what accounts own (its newsletter subscription), in
   * the deleting transaction: passed in for the same reason.
   */
  accountErasure: AccountErasure;
  /**
   * The studio's name when the server started (its site settings): the auth library's app name,
   * the authenticator apps' issuer and the passkey prompt's name are set once, at start-up.
   * Mails read the name for each mail instead.
   */
  studioName?: string;
};

export function createAuth({
  db,
  env,
  mailer,
  logger,
  limits: shared,
  storage = configuredStorage(env),
  sms,
  accountDefaults,
  accountErasure,
  studioName: startName = "Your Studio",
}: AuthDeps) {
  const limits = shared ?? createRateLimits(db, env, "memory");
  const credentialMails = credentialMailHooks({ db, mailer, logger, env });
  const mails = accountMails(mailer, env.SITE_URL);
  const phone = phoneSignIn({ db, limits, sms, logger, mailer, siteUrl: env.SITE_URL });
  const loopbackOrigins = [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
  return betterAuth({
    appName: startName,
    baseURL: env.SITE_URL,
    basePath: AUTH_BASE_PATH,
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.SITE_URL, ...loopbackOrigins],
    telemetry: { enabled: false },
    logger: authLogger(logger),
    // A refused provider callback that cannot name its own error page (an unknown state) comes
    // back to /auth with the library's code, which the page words (provider-flow.server.ts).
    onAPIError: { errorURL: "/auth" },
    // Reset and two-factor tokens are stored as SHA-256 hashes: a database read does not yield them.
    verification: { storeIdentifier: "hashed" },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
        passkey: schema.passkeys,
        apikey: schema.apiKeys,
        jwks: schema.jwks,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_LIMITS.min,
      maxPasswordLength: PASSWORD_LIMITS.max,
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
      autoSignIn: !env.REQUIRE_EMAIL_VERIFICATION,
      revokeSessionsOnPasswordReset: true,
      // A reset is for a password that may be known to someone else: the keys made with it go too.
      onPasswordReset: async ({ user }) => {
        await revokeAllApiKeys(db, user.id);
      },
      // Signing up with a registered address answers like a new sign-up; the owner is told.
      onExistingUserSignUp: ({ user }) => mails.existingSignUp(user.email),
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, url }) => mails.resetPassword(user.email, url),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: ({ user, url }) => mails.confirmAddress(user.email, url),
    },
    // Sign-in with providers: an identity joins an existing account only when the
    // provider vouches for the e-mail address; provider tokens are stored encrypted.
    socialProviders: socialProviders(env),
    account: {
      encryptOAuthTokens: true,
      accountLinking: { enabled: true, trustedProviders: [], allowDifferentEmails: false },
    },
    user: {
      deleteUser: {
        enabled: true,
        // The whole deletion happens here, in one transaction under the owners' lock (the library's
        // own deletion afterwards finds nothing left): the last owner stays, whatever path asked.
        beforeDelete: async (user) => {
          try {
            await deleteAccount(db, user.id, accountErasure);
          } catch (error) {
            if (!isLastOwnerError(error)) throw error;
            throw new APIError("CONFLICT", { message: error.message, code: "LAST_OWNER" });
          }
        },
        // Then the avatar; a failure is logged (the avatar route serves no deleted account's file).
        afterDelete: async (user) => {
          await storage
            .delete(user.id)
            .catch((error) =>
              logger.error({ err: error }, "avatar of a deleted account not removed"),
            );
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Per address, on every endpoint: the library's rules with ours on top, counted by our limiter.
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: AUTH_RULES,
      customStorage: {
        consume: async (key, rule) => {
          const verdict = await limits.authRule(rule.window, rule.max).consume(key);
          return {
            allowed: verdict.allowed,
            retryAfter: verdict.allowed ? null : verdict.retryAfterSeconds,
          };
        },
      },
    },
    advanced: {
      cookiePrefix: "studio",
      useSecureCookies: env.SITE_URL.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A session is read with its user in one statement, not two (the schema's relations): every
      // signed-in request reads its session (docs/accounts-and-security.md#sessions).
      database: { joins: true },
    },
    databaseHooks: {
      user: {
        // The picture is the profile's avatar (our upload pipeline); the library's `image` field,
        // which sign-up and update-user would take from anyone, stays empty.
        create: {
          before: async (user, context) => {
            // A provider that did not confirm the address makes no account with it: the
            // address's real owner could not tell a stranger's identity was planted in it.
            if (context?.path?.startsWith("/callback/") && !user.emailVerified) {
              throw new APIError("FORBIDDEN", {
                message: "The sign-in service did not confirm the e-mail address.",
                code: "EMAIL_NOT_VERIFIED_BY_PROVIDER",
              });
            }
            return { data: { ...user, image: null } };
          },
          after: async (user) => {
            await accountDefaults(db, user);
          },
        },
        update: {
          before: async (data) =>
            "image" in data ? { data: { ...data, image: null } } : undefined,
          after: (user, context) => credentialMails.userUpdated(user, context?.path),
        },
      },
      account: { create: { after: (account) => credentialMails.accountCreated(account) } },
      session: {
        create: {
          after: async (session, context) => {
            // With two-factor on, the password step's (or a provider's) session is replaced by the
            // one the code step makes: count the login once, there.
            if (context?.path === "/sign-in/email" || context?.path === PROVIDER_CALLBACK_PATH) {
              const [user] = await db
                .select({ twoFactorEnabled: schema.users.twoFactorEnabled })
                .from(schema.users)
                .where(eq(schema.users.id, session.userId));
              if (user?.twoFactorEnabled) return;
            }
            await recordActivity(db, session.userId, "login").catch((error) =>
              logger.warn({ err: error }, "login activity not recorded"),
            );
          },
        },
      },
    },
    plugins: [
      // Codes by text message are the plugin's OTP step, sent and guarded by the phone plugin.
      twoFactor({
        issuer: startName,
        backupCodeOptions: { amount: 10 },
        otpOptions: phone.otpOptions,
      }),
      phone.plugin,
      providerSecondFactor(),
      ...passkeyPlugins({ db, mailer, logger, siteUrl: env.SITE_URL, studioName: startName }),
      credentialConfirmation(db),
      ...oidcPlugins(env),
      // Personal API keys: only their hash is stored; our API limits count their requests.
      apiKey({
        defaultPrefix: API_KEY_PREFIX,
        requireName: true,
        rateLimit: { enabled: false },
        // Enough of the key to tell keys apart in the list (the prefix alone is the same for all).
        startingCharactersConfig: { shouldStore: true, charactersLength: 12 },
      }),
      // Short-lived service tokens signed with a key pair whose public half is at
      // /.well-known/jwks.json. Sessions do not get a token header on every request.
      jwt({
        disableSettingJwtHeader: true,
        jwt: {
          issuer: env.SITE_URL,
          audience: env.SITE_URL,
          expirationTime: `${SERVICE_TOKEN_LIFETIME}s`,
          definePayload: ({ user }) => ({ email: user.email }),
        },
      }),
      // Failed-attempt lockouts, mail limits and TOTP replay (after the two-factor plugin's hooks).
      authThrottle(limits),
      productRules(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
