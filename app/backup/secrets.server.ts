import { checkSealedAuthData } from "~/accounts/index.server";
import { checkSealedHooks } from "~/announcements/index.server";
import type { Database } from "~/db/database.server";
import { deriveKey, type SealedCount } from "~/platform/crypto/sealed-box.server";
import { checkSealedKeys, keySealer } from "~/press-desk/index.server";
import type { Manifest } from "./manifest.server";

// The secrets the sealed data needs (docs/deployment.md#the-secret). An archive names them by
// fingerprint only: an HKDF-derived value that tells whether two secrets are the same and gives
// nothing back. The secrets themselves go in only with `--with-secrets`.

export type SiteSecrets = { AUTH_SECRET: string; PRESS_KEYS_SECRET?: string };

/** A secret's fingerprint: 16 bytes of HKDF-SHA256 under a salt and purpose of its own. */
export function secretFingerprint(secret: string): string {
  return `hkdf-sha256:${deriveKey(secret, "studio-site backup", "secret-fingerprint/v1").subarray(0, 16).toString("hex")}`;
}

export function secretFingerprints(
  env: SiteSecrets,
): Omit<Manifest["secrets"], "included" | "sealed"> {
  return {
    authSecret: { fingerprint: secretFingerprint(env.AUTH_SECRET) },
    pressKeysSecret: {
      fingerprint: secretFingerprint(env.PRESS_KEYS_SECRET ?? env.AUTH_SECRET),
      from: env.PRESS_KEYS_SECRET ? "PRESS_KEYS_SECRET" : "AUTH_SECRET",
    },
  };
}

/** Each kind of sealed value in the database, and how many open with these secrets. */
export async function checkSealedData(db: Database, env: SiteSecrets): Promise<SealedCount[]> {
  return [
    await checkSealedKeys(db, keySealer(env)),
    await checkSealedHooks(db, env),
    ...(await checkSealedAuthData(db, env)),
  ];
}

/** One sentence: whether the sealed data opens, and if not what does not. */
export function sealedSentence(counts: SealedCount[]): string {
  const present = counts.filter((count) => count.sealed > 0);
  if (present.length === 0) return "There is no sealed data to open.";
  const closed = present.filter((count) => count.opened < count.sealed);
  if (closed.length === 0) return "The sealed data opens with this server's secret.";
  const parts = closed.map(
    (count) => `${count.sealed - count.opened} of ${count.sealed} ${count.kind}`,
  );
  return `The sealed data cannot be opened with this server's secret: ${parts.join(", ")}.`;
}
