import { sql } from "drizzle-orm";
import { resealAuthData } from "~/accounts/index.server";
import { resealHooks } from "~/announcements/index.server";
import type { Database } from "~/db/database.server";
import type { SealedCount } from "~/platform/crypto/sealed-box.server";
import { AppError } from "~/platform/errors/app-error";
import { keySealer, resealKeys } from "~/press-desk/index.server";
import { checkSealedData, type SiteSecrets } from "./secrets.server";

// `studio secret rotate` (docs/deployment.md#the-secret): everything sealed under the old secrets
// is re-sealed under the new ones in one transaction: the press keys (and their fingerprints), the
// announcement hooks' URLs and signing secrets, the two-factor secrets and recovery codes; the
// service tokens' signing keys are deleted (the next token makes a new pair). Every old value must
// open first, and every new one must open after, or nothing is changed. Sessions are rows and need
// nothing, but their cookies are signed with AUTH_SECRET: everyone signs in again.

export type RotationSummary = {
  pressKeys: number;
  hooks: number;
  factors: number;
  signingKeys: number;
  /** Whether the press keys' secret is PRESS_KEYS_SECRET (not AUTH_SECRET) after the rotation. */
  pressKeysSecret: boolean;
};

/** The kinds a rotation needs to open: the signing keys are deleted, opened or not. */
const DELETED_KINDS = ["service token signing keys"];

function closed(counts: SealedCount[]): string | null {
  const parts = counts
    .filter((count) => !DELETED_KINDS.includes(count.kind) && count.opened < count.sealed)
    .map((count) => `${count.sealed - count.opened} of ${count.sealed} ${count.kind}`);
  return parts.length > 0 ? parts.join(", ") : null;
}

/**
 * The old secrets, read from the environment variables the operator named (never from the command
 * line, which would keep them in the shell's history). Without `pressFromEnv` the press keys' old
 * secret is the old AUTH_SECRET, as the site's own fallback.
 */
export function oldSecretsFromEnv(
  names: { "from-env"?: string; "press-from-env"?: string },
  environment: Record<string, string | undefined> = process.env,
): SiteSecrets {
  const read = (name: string, option: string) => {
    const value = environment[name]?.trim();
    if (!value)
      throw new AppError(
        "invalid",
        `${option} ${name}: the environment variable ${name} is empty.`,
      );
    return value;
  };
  if (!names["from-env"])
    throw new AppError(
      "invalid",
      "secret rotate needs --from-env VAR, the environment variable holding the old AUTH_SECRET.",
    );
  const AUTH_SECRET = read(names["from-env"], "--from-env");
  const press = names["press-from-env"];
  return press
    ? { AUTH_SECRET, PRESS_KEYS_SECRET: read(press, "--press-from-env") }
    : { AUTH_SECRET };
}

export async function rotateSecret(
  db: Database,
  secrets: { from: SiteSecrets; to: SiteSecrets },
): Promise<RotationSummary> {
  const { from, to } = secrets;
  const pressFrom = from.PRESS_KEYS_SECRET ?? from.AUTH_SECRET;
  const pressTo = to.PRESS_KEYS_SECRET ?? to.AUTH_SECRET;
  if (from.AUTH_SECRET === to.AUTH_SECRET && pressFrom === pressTo)
    throw new AppError(
      "invalid",
      "The old secret is the configured one: set AUTH_SECRET (or PRESS_KEYS_SECRET) to the new secret first; nothing was changed.",
    );
  return db.transaction(async (tx) => {
    // The server may still run (on PostgreSQL): it reads on, but writes wait for the rotation.
    await tx.execute(
      sql`lock table press_keys, announcement_hooks, two_factors, jwks in exclusive mode`,
    );
    const notOpened = closed(await checkSealedData(tx, from));
    if (notOpened)
      throw new AppError(
        "invalid",
        `The old secret does not open ${notOpened}; nothing was changed.`,
      );
    const pressKeys = await resealKeys(tx, keySealer(from), keySealer(to));
    const hooks = await resealHooks(tx, from, to);
    const { factors, signingKeys } = await resealAuthData(tx, from, to);
    const notReopened = closed(await checkSealedData(tx, to));
    if (notReopened)
      throw new Error(`The re-sealed data does not open with the new secret: ${notReopened}.`);
    return {
      pressKeys,
      hooks,
      factors,
      signingKeys,
      pressKeysSecret: Boolean(to.PRESS_KEYS_SECRET),
    };
  });
}

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The command's one line: what was re-sealed, and what the operator does next. */
export function rotationSummaryLine(summary: RotationSummary): string {
  const secrets = summary.pressKeysSecret ? "AUTH_SECRET and PRESS_KEYS_SECRET" : "AUTH_SECRET";
  return (
    `Re-sealed ${counted(summary.pressKeys, "press key", "press keys")}, ` +
    `${counted(summary.hooks, "announcement hook", "announcement hooks")} and ` +
    `${counted(summary.factors, "two-factor record", "two-factor records")}, and deleted ` +
    `${counted(summary.signingKeys, "service token signing key", "service token signing keys")}. ` +
    `Now set ${secrets} to the new values on every process and restart them: everyone signs in again, and service tokens made before no longer verify.`
  );
}
