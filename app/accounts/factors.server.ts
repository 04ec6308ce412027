import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { passkeys, phoneFactors, twoFactors } from "~/db/schema";
import type { Factor } from "./factors";
import { maskPhone } from "./phone/sms-transport.server";

// The account's sign-in factors as the spec names them (section 3: id, status, factor_type,
// friendly_name): the authenticator app of the two-factor plugin (one, the library's limit), the
// phone (one: docs/accounts-and-security.md#phone) and each passkey of the passkey plugin. The
// plugin's record without a secret holds a phone's recovery codes only: it is no app.

/** Every factor of a user: the app, the phone, then passkeys oldest first. */
export async function listFactors(db: Database, userId: string): Promise<Factor[]> {
  const [apps, phones, keys] = await Promise.all([
    db
      .select({ id: twoFactors.id, name: twoFactors.name, verified: twoFactors.verified })
      .from(twoFactors)
      .where(and(eq(twoFactors.userId, userId), ne(twoFactors.secret, ""))),
    db.select().from(phoneFactors).where(eq(phoneFactors.userId, userId)),
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
        status: app.verified === false ? "unverified" : "verified",
        createdAt: null,
        lastUsed: null,
        phone: null,
      }),
    ),
    ...phones.map(
      (phone): Factor => ({
        id: phone.id,
        type: "phone",
        friendlyName: phone.name,
        status: phone.verifiedAt ? "verified" : "unverified",
        createdAt: phone.createdAt.toISOString(),
        lastUsed: phone.lastUsedAt ? phone.lastUsedAt.toISOString() : null,
        phone: maskPhone(phone.phone),
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
        phone: null,
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
  // A phone's id is a UUID; other factors' ids are the libraries' text.
  const [phone] = isUuid(factorId)
    ? await db
        .update(phoneFactors)
        .set({ name })
        .where(and(eq(phoneFactors.id, factorId), eq(phoneFactors.userId, userId)))
        .returning({ id: phoneFactors.id })
    : [];
  if (phone) return true;
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
