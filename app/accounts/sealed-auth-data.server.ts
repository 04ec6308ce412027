import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { jwks, twoFactors } from "~/db/schema";
import type { SealedCount } from "~/platform/crypto/sealed-box.server";

// What the auth library keeps encrypted under AUTH_SECRET (docs/deployment.md#the-secret): the
// two-factor secrets and recovery codes, and the private halves of the service tokens' signing
// keys. A restore asks whether they open with this server's secret.

async function opens(secret: string, data: string): Promise<boolean> {
  try {
    await symmetricDecrypt({ key: secret, data });
    return true;
  } catch {
    return false;
  }
}

export async function checkSealedAuthData(
  db: Database,
  env: { AUTH_SECRET: string },
): Promise<SealedCount[]> {
  const factors = await db
    .select({ secret: twoFactors.secret, backupCodes: twoFactors.backupCodes })
    .from(twoFactors);
  const factorValues = factors.flatMap((row) => [row.secret, row.backupCodes].filter(Boolean));
  let factorsOpened = 0;
  for (const value of factorValues) if (await opens(env.AUTH_SECRET, value)) factorsOpened += 1;
  const keys = await db.select({ privateKey: jwks.privateKey }).from(jwks);
  let keysOpened = 0;
  for (const { privateKey } of keys) {
    // The library stores the encrypted key as a JSON string.
    let sealed: unknown;
    try {
      sealed = JSON.parse(privateKey);
    } catch {
      continue;
    }
    if (typeof sealed === "string" && (await opens(env.AUTH_SECRET, sealed))) keysOpened += 1;
  }
  return [
    {
      kind: "two-factor secrets and recovery codes",
      sealed: factorValues.length,
      opened: factorsOpened,
    },
    { kind: "service token signing keys", sealed: keys.length, opened: keysOpened },
  ];
}

/**
 * Re-encrypts every two-factor secret and recovery-code blob from one AUTH_SECRET to another, and
 * deletes the service tokens' signing keys (the jwt plugin makes a new pair for the next token), in
 * a secret rotation's transaction. An empty secret ("recovery codes only") stays empty. Throws when
 * a value does not open with `from`.
 */
export async function resealAuthData(
  db: Database,
  from: { AUTH_SECRET: string },
  to: { AUTH_SECRET: string },
): Promise<{ factors: number; signingKeys: number }> {
  const reseal = async (data: string) =>
    data
      ? symmetricEncrypt({
          key: to.AUTH_SECRET,
          data: await symmetricDecrypt({ key: from.AUTH_SECRET, data }),
        })
      : data;
  const factors = await db
    .select({ id: twoFactors.id, secret: twoFactors.secret, backupCodes: twoFactors.backupCodes })
    .from(twoFactors);
  for (const row of factors) {
    await db
      .update(twoFactors)
      .set({ secret: await reseal(row.secret), backupCodes: await reseal(row.backupCodes) })
      .where(eq(twoFactors.id, row.id));
  }
  const deleted = await db.delete(jwks).returning({ id: jwks.id });
  return { factors: factors.length, signingKeys: deleted.length };
}
