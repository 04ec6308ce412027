import { count, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { accounts, passkeys, users } from "~/db/schema";
import type { Env } from "~/platform/config/env.server";
import type { Logger } from "~/platform/logging/logger.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import { PASSWORD_PROVIDER } from "./identities.server";
import { configuredProviders } from "./providers.server";

// Every new way into an account is told to its address: what was added, when, and where to remove
// it. A stolen session that adds one cannot do it unseen.

export type NewCredential =
  | { kind: "api-key"; name: string }
  | { kind: "passkey"; name: string }
  | { kind: "authenticator-app" }
  | { kind: "phone"; name: string }
  | { kind: "linked-account"; name: string };

const WHAT: Record<NewCredential["kind"], string> = {
  "api-key": "API key",
  passkey: "passkey",
  "authenticator-app": "authenticator app",
  phone: "phone for sign-in codes",
  "linked-account": "linked sign-in service",
};

const REMOVE: Record<NewCredential["kind"], string> = {
  "api-key": "Revoke it in the API keys card",
  passkey: "Remove it under Passkeys and sign-in factors",
  "authenticator-app": "Turn it off in the Two-factor authentication card",
  phone: "Remove it under Passkeys and sign-in factors",
  "linked-account": "Unlink it in the Linked accounts card",
};

export async function mailNewCredential(
  mailer: Mailer,
  siteUrl: string,
  to: string,
  credential: NewCredential,
  at = new Date(),
) {
  const what = WHAT[credential.kind];
  const named = "name" in credential ? ` “${credential.name}”` : "";
  const { studioName } = await mailer.identity();
  await mailer.send({
    to,
    subject: `A new ${what} was added to your ${studioName} account`,
    text:
      `A new ${what}${named} was added to your ${studioName} account on ${at.toUTCString()}.\n\n` +
      `If it was you, there is nothing to do.\n\n` +
      `If it was not you, remove it now on your profile's Security section:\n${siteUrl}/profile#security\n` +
      `(${REMOVE[credential.kind]}), then change your password: that signs out every other device.\n`,
  });
}

type Deps = { db: Database; mailer: Mailer; logger: Logger; env: Env };

/**
 * The auth library's database hooks that tell an account of a credential added through the
 * library: the authenticator app confirmed, a sign-in service linked.
 */
export function credentialMailHooks({ db, mailer, logger, env }: Deps) {
  const send = (to: string, credential: NewCredential) =>
    mailNewCredential(mailer, env.SITE_URL, to, credential).catch((error) =>
      logger.error({ err: error }, "new credential mail not sent"),
    );
  return {
    /** The two-factor plugin turns the app on at the code that confirms it, and nowhere else. */
    userUpdated: async (
      user: { email: string; twoFactorEnabled?: boolean | null },
      path?: string,
    ) => {
      if (path === "/two-factor/verify-totp" && user.twoFactorEnabled) {
        await send(user.email, { kind: "authenticator-app" });
      }
    },
    /** A provider identity joined an account that already had a way in (not a new sign-up). */
    accountCreated: async (account: { userId: string; providerId: string }) => {
      if (account.providerId === PASSWORD_PROVIDER) return;
      const [owner] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, account.userId));
      const [others] = await db
        .select({ n: count() })
        .from(accounts)
        .where(eq(accounts.userId, account.userId));
      const [keys] = await db
        .select({ n: count() })
        .from(passkeys)
        .where(eq(passkeys.userId, account.userId));
      if (!owner || (others?.n ?? 0) + (keys?.n ?? 0) < 2) return;
      const name = configuredProviders(env).find((p) => p.id === account.providerId)?.name;
      await send(owner.email, { kind: "linked-account", name: name ?? account.providerId });
    },
  };
}
