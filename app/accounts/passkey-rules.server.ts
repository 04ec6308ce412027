import { isIP } from "node:net";
import { passkey } from "@better-auth/passkey";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { passkeys } from "~/db/schema";
import type { Logger } from "~/platform/logging/logger.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import { mailNewCredential } from "./credential-mail.server";

// Passkeys through the auth library's passkey plugin, with the product's rules on
// top. A passkey counts as both factors of a sign-in (the device held, and the PIN, fingerprint or
// face that unlocked it) only when the authenticator verified its user: a security key that only
// senses a touch is one factor, and must not pass an account's authenticator-app step. So user
// verification is asked for in both ceremonies' options and required of both answers.

export const USER_NOT_VERIFIED_AT_REGISTRATION =
  "This passkey did not check who is using it (no PIN, fingerprint or face). Use one that does.";
export const USER_NOT_VERIFIED_AT_SIGN_IN =
  "This passkey did not check who is using it (no PIN, fingerprint or face). Use one that does, or sign in with your password.";

/**
 * The WebAuthn relying party: the site's host. Browsers refuse an IP address as one, so a site
 * served at an address (a local or test server at 127.0.0.1) offers passkeys at localhost, same
 * port.
 */
export function passkeyParty(siteUrl: string) {
  const site = new URL(siteUrl);
  if (!isIP(site.hostname.replace(/^\[|\]$/g, ""))) {
    return { rpID: site.hostname, origin: site.origin };
  }
  const local = new URL(siteUrl);
  local.hostname = "localhost";
  return { rpID: "localhost", origin: [local.origin, site.origin] };
}

type PasskeyDeps = {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  siteUrl: string;
  /** The name the passkey prompt shows: the studio's at start-up. */
  studioName: string;
};

/** The passkey plugin, configured, and the plugin holding the rules it has no option for. */
export function passkeyPlugins(deps: PasskeyDeps): BetterAuthPlugin[] {
  const { db, siteUrl } = deps;
  return [
    passkey({
      rpName: deps.studioName,
      ...passkeyParty(siteUrl),
      authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
      registration: {
        afterVerification: ({ verification }) => {
          if (!verification.registrationInfo?.userVerified) {
            throw new APIError("BAD_REQUEST", {
              message: USER_NOT_VERIFIED_AT_REGISTRATION,
              code: "USER_VERIFICATION_REQUIRED",
            });
          }
        },
      },
      authentication: {
        // Before the plugin counts the use or makes a session.
        afterVerification: async ({ verification, clientData }) => {
          if (!verification.authenticationInfo.userVerified) {
            throw new APIError("UNAUTHORIZED", {
              message: USER_NOT_VERIFIED_AT_SIGN_IN,
              code: "USER_VERIFICATION_REQUIRED",
            });
          }
          // Shown on the Security section beside when it was added.
          await db
            .update(passkeys)
            .set({ lastUsedAt: new Date() })
            .where(eq(passkeys.credentialID, clientData.id));
        },
      },
    }),
    passkeyRules(deps),
  ];
}

function passkeyRules({ mailer, logger, siteUrl }: PasskeyDeps): BetterAuthPlugin {
  return {
    id: "studio-passkey-rules",
    hooks: {
      after: [
        {
          // The plugin always asks for sign-in options with "preferred"; the answer must verify.
          matcher: (context) => context.path === "/passkey/generate-authenticate-options",
          handler: createAuthMiddleware(async (ctx) => {
            const options = ctx.context.returned;
            if (options && typeof options === "object" && "challenge" in options) {
              return ctx.json({ ...options, userVerification: "required" });
            }
          }),
        },
        {
          // A passkey made: its account is told (credential-mail.server.ts).
          matcher: (context) => context.path === "/passkey/verify-registration",
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.returned;
            if (!made || typeof made !== "object" || !("credentialID" in made)) return;
            const found = await getSessionFromCtx(ctx);
            if (!found) return;
            const name = "name" in made && typeof made.name === "string" ? made.name : "Passkey";
            await mailNewCredential(mailer, siteUrl, found.user.email, {
              kind: "passkey",
              name,
            }).catch((error) => logger.error({ err: error }, "new passkey mail not sent"));
          }),
        },
      ],
    },
  };
}
