import { and, count, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { accounts, passkeys } from "~/db/schema";
import type { Env } from "~/platform/config/env.server";
import type { Identities } from "./identities";
import { configuredProviders } from "./providers.server";

// Identities from sign-in providers linked to an account: listed in the profile,
// unlinked while another way in remains: the password, another identity or a passkey.

export const PASSWORD_PROVIDER = "credential";

export async function listIdentities(db: Database, env: Env, userId: string): Promise<Identities> {
  const rows = await db
    .select({
      id: accounts.id,
      providerId: accounts.providerId,
      createdAt: accounts.createdAt,
      updatedAt: accounts.updatedAt,
    })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(accounts.createdAt);
  const providers = configuredProviders(env);
  const nameOf = (id: string) =>
    providers.find((p) => p.id === id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
  const linked = rows
    .filter((row) => row.providerId !== PASSWORD_PROVIDER)
    .map((row) => ({
      id: row.id,
      providerId: row.providerId,
      providerName: nameOf(row.providerId),
      linkedAt: row.createdAt.toISOString(),
      lastUsed: row.updatedAt.toISOString(),
    }));
  return {
    linked,
    linkable: providers.filter((p) => !linked.some((identity) => identity.providerId === p.id)),
    hasPassword: rows.some((row) => row.providerId === PASSWORD_PROVIDER),
  };
}

export class LastWayInError extends Error {
  constructor() {
    super("This is your only way to sign in. Set a password or add a passkey before unlinking it.");
  }
}

/**
 * Unlinks one of the user's provider identities, in one transaction with the count of what is
 * left; false when the user has no such identity.
 */
export async function unlinkIdentity(db: Database, userId: string, identityId: string) {
  return db.transaction(async (tx) => {
    const [identity] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.id, identityId),
          eq(accounts.userId, userId),
          ne(accounts.providerId, PASSWORD_PROVIDER),
        ),
      )
      .for("update");
    if (!identity) return false;
    const [others] = await tx
      .select({ n: count() })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), ne(accounts.id, identityId)));
    const [keys] = await tx
      .select({ n: count() })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    if ((others?.n ?? 0) + (keys?.n ?? 0) === 0) throw new LastWayInError();
    await tx.delete(accounts).where(eq(accounts.id, identityId));
    return true;
  });
}
