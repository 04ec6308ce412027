import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { passkeys, twoFactors, users } from "~/db/schema";
import type { Factor } from "./factors";

// The account's sign-in factors as the spec names them (section 3: id, status, factor_type,
// friendly_name): the authenticator app of the two-factor plugin (one, the library's limit) and
// each passkey of the passkey plugin.

/** Every factor of a user, the app first, then passkeys oldest first. */
export async function listFactors(db: Database, userId: string): Promise<Factor[]> {
  const [apps, keys] = await Promise.all([
    db
      .select({
        id: twoFactors.id,
        name: twoFactors.name,
        enabled: users.twoFactorEnabled,
      })
      .from(twoFactors)
      .innerJoin(users, eq(users.id, twoFactors.userId))
      .where(eq(twoFactors.userId, userId)),
    db
      .select({
        id: passkeys.id,
        name: passkeys.name,
        createdAt: passkeys.createdAt,
        lastUsedAt: passkeys.lastUsedAt,
      })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id)),
  ]);
  return [
    ...apps.map(
      (app): Factor => ({
        id: app.id,
        type: "totp",
        friendlyName: app.name,
        // An enrolment not yet confirmed with a code is a factor in waiting.
        status: app.enabled ? "verified" : "unverified",
        createdAt: null,
        lastUsed: null,
      }),
    ),
    ...keys.map(
      (key): Factor => ({
        id: key.id,
        type: "webauthn",
        friendlyName: key.name || "Passkey",
        status: "verified",
        createdAt: key.createdAt ? key.createdAt.toISOString() : null,
        lastUsed: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
      }),
    ),
  ];
}

/** Whether the user has a second factor that works today (the owner's banner asks). */
export const hasVerifiedFactor = (factors: Factor[]) =>
  factors.some((factor) => factor.status === "verified");

/** Renames one of the user's factors; false when the user has no such factor. */
export async function renameFactor(db: Database, userId: string, factorId: string, name: string) {
  const [app] = await db
    .update(twoFactors)
    .set({ name })
    .where(and(eq(twoFactors.id, factorId), eq(twoFactors.userId, userId)))
    .returning({ id: twoFactors.id });
  if (app) return true;
  const [key] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, factorId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return Boolean(key);
}

/** Removes one of the user's passkeys; false when the user has no such passkey. */
export async function removePasskey(db: Database, userId: string, passkeyId: string) {
  const gone = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return gone.length > 0;
}
