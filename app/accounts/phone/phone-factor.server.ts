import crypto from "node:crypto";
import { generateRandomString, symmetricEncrypt } from "better-auth/crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { phoneFactors, twoFactors, users } from "~/db/schema";
import { clockNow } from "~/platform/clock/clock.server";
import { AppError } from "~/platform/errors/app-error";
import { mailNewCredential } from "../credential-mail.server";
import { judgeNumber } from "./phone-rules.server";
import {
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  PHONE_RESEND_SECONDS,
  type PhoneChallenge,
} from "./phone-schema";
import { type SmsDeps, sendCode, smsCountries } from "./sms-sending.server";
import { maskPhone } from "./sms-transport.server";

// The phone factor (docs/accounts-and-security.md#phone): adding a number (a code by text message
// proves it), checking it again from a signed-in session (the API's challenge and verify), and
// removing it. One number per account. Sign-in codes are the two-factor plugin's own
// (phone-plugin.server.ts); the codes here are kept as a keyed hash beside the factor, with their
// expiry on the product's clock and their wrong tries.

export type PhoneDeps = SmsDeps & {
  /** The auth library's secret, with which it encrypts recovery codes. */
  authSecret: Parameters<typeof symmetricEncrypt>[0]["key"];
};

type Who = { id: string; email: string };

export type PhoneFactorRow = typeof phoneFactors.$inferSelect;

export async function getPhoneFactor(db: Database, userId: string) {
  const [row] = await db.select().from(phoneFactors).where(eq(phoneFactors.userId, userId));
  return row ?? null;
}

function codeHash(deps: PhoneDeps, challengeId: string, code: string) {
  const key =
    typeof deps.authSecret === "string" ? deps.authSecret : JSON.stringify(deps.authSecret);
  return crypto.createHmac("sha256", key).update(`${challengeId}:${code}`).digest("base64url");
}

/** A new code for the factor, stored as its hash, then sent; the challenge the answer names. */
async function challenge(
  deps: PhoneDeps,
  user: Who,
  factor: PhoneFactorRow,
  purpose: "enrol" | "check",
  ip: string | null,
): Promise<PhoneChallenge> {
  const code = generateRandomString(6, "0-9");
  const challengeId = crypto.randomUUID();
  const now = clockNow();
  const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000);
  // Sent before it is stored: a refused or failed send leaves the code before it working.
  await sendCode(deps, { user, phone: factor.phone, code, purpose, ip, factorId: factor.id });
  await deps.db
    .update(phoneFactors)
    .set({
      challengeId,
      codeHash: codeHash(deps, challengeId, code),
      codeExpiresAt: expiresAt,
      codeTries: 0,
    })
    .where(eq(phoneFactors.id, factor.id));
  return {
    kind: "phone-challenge",
    factorId: factor.id,
    challengeId,
    masked: maskPhone(factor.phone),
    expiresAt: expiresAt.toISOString(),
    resendAt: new Date(now.getTime() + PHONE_RESEND_SECONDS * 1000).toISOString(),
  };
}

/**
 * Starts adding a phone: the number judged (type, country), a waiting factor stored in place of
 * any earlier waiting one, and a code sent. A send that fails removes the waiting factor again, so
 * nothing is half added.
 */
export async function startPhoneEnrolment(
  deps: PhoneDeps,
  user: Who,
  input: { name: string; phone: string },
  ip: string | null,
): Promise<PhoneChallenge> {
  const existing = await getPhoneFactor(deps.db, user.id);
  if (existing?.verifiedAt) {
    throw new AppError("conflict", "Your account has a phone already. Remove it to add another.", {
      code: "phone_exists",
    });
  }
  const judged = judgeNumber(input.phone, await smsCountries(deps.db));
  if (!judged.ok) {
    throw new AppError("invalid", judged.message, { fields: { phone: judged.message } });
  }
  const [factor] = await deps.db
    .insert(phoneFactors)
    .values({ userId: user.id, phone: judged.e164, name: input.name })
    .onConflictDoUpdate({
      target: phoneFactors.userId,
      set: {
        phone: judged.e164,
        name: input.name,
        challengeId: null,
        codeHash: null,
        codeTries: 0,
      },
      where: sql`${phoneFactors.verifiedAt} is null`,
    })
    .returning();
  if (!factor) {
    throw new AppError("conflict", "Your account has a phone already. Remove it to add another.", {
      code: "phone_exists",
    });
  }
  try {
    return await challenge(deps, user, factor, "enrol", ip);
  } catch (error) {
    await deps.db
      .delete(phoneFactors)
      .where(and(eq(phoneFactors.id, factor.id), sql`${phoneFactors.verifiedAt} is null`));
    throw error;
  }
}

/** Another code for the user's phone (waiting or added): a resend, or the API's challenge. */
export async function challengePhone(
  deps: PhoneDeps,
  user: Who,
  factorId: string,
  ip: string | null,
): Promise<PhoneChallenge> {
  const factor = await getPhoneFactor(deps.db, user.id);
  if (!factor || factor.id !== factorId) {
    throw new AppError("not_found", "That phone could not be found.");
  }
  return challenge(deps, user, factor, factor.verifiedAt ? "check" : "enrol", ip);
}

export type PhoneVerified = {
  factor: PhoneFactorRow;
  /** Recovery codes, when the phone became the account's first factor (shown once). */
  backupCodes: string[] | null;
};

const WRONG = (left: number) =>
  `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`;
export const CODE_EXPIRED = "This code has expired. Ask for a new code.";
export const CODE_SPENT = "Too many wrong codes. Ask for a new code.";

/**
 * Checks a code against the factor's live challenge. Right: the code is spent, and a waiting phone
 * is added (two-factor on, recovery codes made when the account had none, a mail to the account).
 * Wrong: one try fewer; the fifth wrong try spends the code.
 */
export async function verifyPhoneCode(
  deps: PhoneDeps,
  user: Who,
  input: { challengeId: string; code: string },
): Promise<PhoneVerified> {
  const factor = await getPhoneFactor(deps.db, user.id);
  if (!factor?.codeHash || factor.challengeId !== input.challengeId) {
    throw new AppError("invalid", CODE_EXPIRED, { fields: { code: CODE_EXPIRED } });
  }
  const now = clockNow();
  if (!factor.codeExpiresAt || factor.codeExpiresAt <= now) {
    throw new AppError("invalid", CODE_EXPIRED, { fields: { code: CODE_EXPIRED } });
  }
  const right = crypto.timingSafeEqual(
    Buffer.from(codeHash(deps, input.challengeId, input.code)),
    Buffer.from(factor.codeHash),
  );
  if (!right) {
    // Counted in the row, so parallel guesses cannot share one try.
    const [counted] = await deps.db
      .update(phoneFactors)
      .set({ codeTries: sql`${phoneFactors.codeTries} + 1` })
      .where(and(eq(phoneFactors.id, factor.id), eq(phoneFactors.challengeId, input.challengeId)))
      .returning({ tries: phoneFactors.codeTries });
    const tries = counted?.tries ?? PHONE_CODE_TRIES;
    if (tries >= PHONE_CODE_TRIES) {
      await spendCode(deps.db, factor.id, input.challengeId);
      throw new AppError("invalid", CODE_SPENT, { fields: { code: CODE_SPENT } });
    }
    const message = WRONG(PHONE_CODE_TRIES - tries);
    throw new AppError("invalid", message, { fields: { code: message } });
  }
  // Spent before anything else: a replay, even a parallel one, finds no code.
  if (!(await spendCode(deps.db, factor.id, input.challengeId))) {
    throw new AppError("invalid", CODE_EXPIRED, { fields: { code: CODE_EXPIRED } });
  }
  if (factor.verifiedAt) {
    const [used] = await deps.db
      .update(phoneFactors)
      .set({ lastUsedAt: now })
      .where(eq(phoneFactors.id, factor.id))
      .returning();
    return { factor: used ?? factor, backupCodes: null };
  }
  return addPhone(deps, user, factor, now);
}

async function spendCode(db: Database, factorId: string, challengeId: string) {
  const spent = await db
    .update(phoneFactors)
    .set({ challengeId: null, codeHash: null, codeExpiresAt: null, codeTries: 0 })
    .where(and(eq(phoneFactors.id, factorId), eq(phoneFactors.challengeId, challengeId)))
    .returning({ id: phoneFactors.id });
  return spent.length > 0;
}

/** The waiting phone becomes a factor; two-factor turns on, with recovery codes if none exist. */
async function addPhone(deps: PhoneDeps, user: Who, factor: PhoneFactorRow, now: Date) {
  const backupCodes = await deps.db.transaction(async (tx) => {
    await tx.update(phoneFactors).set({ verifiedAt: now }).where(eq(phoneFactors.id, factor.id));
    await tx.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    const [row] = await tx
      .select({ id: twoFactors.id })
      .from(twoFactors)
      .where(eq(twoFactors.userId, user.id));
    if (row) return null;
    const codes = newRecoveryCodes();
    // The two-factor plugin's record, holding the recovery codes only: no app secret (an empty
    // one, never confirmed, which the plugin refuses at sign-in), until an app is added.
    await tx.insert(twoFactors).values({
      id: crypto.randomUUID(),
      userId: user.id,
      secret: "",
      verified: false,
      backupCodes: await symmetricEncrypt({ key: deps.authSecret, data: JSON.stringify(codes) }),
    });
    return codes;
  });
  await mailNewCredential(deps.mailer, deps.siteUrl, user.email, {
    kind: "phone",
    name: `${factor.name} (${maskPhone(factor.phone)})`,
  }).catch((error) => deps.logger.error({ err: error }, "new credential mail not sent"));
  return { factor: { ...factor, verifiedAt: now }, backupCodes };
}

/** Ten codes in the two-factor plugin's own form (`xxxxx-xxxxx`). */
function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => generateRandomString(10, "a-z", "0-9", "A-Z")).map(
    (code) => `${code.slice(0, 5)}-${code.slice(5)}`,
  );
}

/**
 * Removes the user's phone. When no authenticator app is confirmed either, two-factor turns off
 * and the recovery codes go with it (they were the phone's).
 */
export async function removePhone(db: Database, userId: string, factorId: string) {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(phoneFactors)
      .where(and(eq(phoneFactors.id, factorId), eq(phoneFactors.userId, userId)))
      .returning({ verifiedAt: phoneFactors.verifiedAt });
    if (gone.length === 0) return false;
    const [app] = await tx
      .select({ verified: twoFactors.verified, secret: twoFactors.secret })
      .from(twoFactors)
      .where(eq(twoFactors.userId, userId));
    if (app?.verified !== true || app.secret === "") {
      await tx
        .delete(twoFactors)
        .where(and(eq(twoFactors.userId, userId), eq(twoFactors.secret, "")));
      if (app?.verified !== true) {
        await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
      }
    }
    return true;
  });
}

/** A sign-in with a code by text message: the phone's last use. */
export async function recordPhoneUse(db: Database, userId: string) {
  await db
    .update(phoneFactors)
    .set({ lastUsedAt: clockNow() })
    .where(and(eq(phoneFactors.userId, userId), sql`${phoneFactors.verifiedAt} is not null`));
}
