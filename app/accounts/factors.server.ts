import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { passkeys, phoneFactors, twoFactors } from "~/db/schema";
import type { Factor } from "./factors";
import { removePhone } from "./phone/phone-factor.server";
import { maskPhone } from "./phone/sms-transport.server";

// The account's sign-in factors as the spec names them (section 3: id, status, factor_type,
// friendly_name): the authenticator app of the two-factor plugin (one, the library's limit), the
// phone (one: docs/accounts-and-security.md#phone) and each passkey of the passkey plugin. The
// plugin's record without a secret holds a phone's recovery codes only: it is no app.

/** The three reads of a user's factors, built and not yet run. */
function factorReads(db: Database, userId: string) {
  return [
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
  ] as const;
}

type Reads = ReturnType<typeof factorReads>;
type FactorRows = [Awaited<Reads[0]>, Awaited<Reads[1]>, Awaited<Reads[2]>];

/** Every factor of a user: the app, the phone, then passkeys oldest first. */
export async function listFactors(db: Database, userId: string): Promise<Factor[]> {
  return factorsOf(await Promise.all(factorReads(db, userId)));
}

/**
 * Every factor of a user and the phone's own row (its waiting code, which the profile shows), from
 * the same three reads: the profile page needs both, and would otherwise read the phone twice.
 */
export async function listFactorsAndPhone(db: Database, userId: string) {
  const rows = await Promise.all(factorReads(db, userId));
  return { factors: factorsOf(rows), phone: rows[1][0] ?? null };
}

/** listFactors inside a transaction, whose one connection runs one query at a time. */
async function listFactorsIn(tx: Database, userId: string): Promise<Factor[]> {
  const [apps, phones, keys] = factorReads(tx, userId);
  return factorsOf([await apps, await phones, await keys]);
}

function factorsOf([apps, phones, keys]: FactorRows): Factor[] {
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
    ...phones.map(phoneFactor),
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

/** A phone_factors row as a factor: its number masked to its last two digits. */
export function phoneFactor(phone: typeof phoneFactors.$inferSelect): Factor {
  return {
    id: phone.id,
    type: "phone",
    friendlyName: phone.name,
    status: phone.verifiedAt ? "verified" : "unverified",
    createdAt: phone.createdAt.toISOString(),
    lastUsed: phone.lastUsedAt ? phone.lastUsedAt.toISOString() : null,
    phone: maskPhone(phone.phone),
  };
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

/**
 * Removes one of the user's phones or passkeys unless it is their last verified factor (the one
 * that goes only with the password, in the profile). Checked and removed under a lock per account,
 * so two removals at once cannot each leave the other as the last. An authenticator app is no
 * concern of this: it is turned off with the password.
 */
export async function removeFactorUnlessLast(
  db: Database,
  userId: string,
  factorId: string,
): Promise<"removed" | "missing" | "last"> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`factors of ${userId}`}))`);
    const factors = await listFactorsIn(tx, userId);
    const factor = factors.find((f) => f.id === factorId && f.type !== "totp");
    if (!factor) return "missing";
    const othersVerified = factors.some((f) => f.id !== factor.id && f.status === "verified");
    if (factor.status === "verified" && !othersVerified) return "last";
    const removed =
      factor.type === "phone"
        ? await removePhone(tx, userId, factor.id)
        : await removePasskey(tx, userId, factor.id);
    return removed ? "removed" : "missing";
  });
}
