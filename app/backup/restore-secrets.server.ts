import fs from "node:fs";
import { z } from "zod";
import { type ArchiveReader, damaged } from "./archive-reader.server";
import { type Manifest, SECRETS_MEMBER } from "./manifest.server";
import type { SiteSecrets } from "./secrets.server";

// An archive made with --with-secrets carries AUTH_SECRET (and PRESS_KEYS_SECRET when it was
// set). A restore never prints them. Where this server's secret is the one generated into
// DATA_DIR/auth-secret (no secret in the environment), the archive's takes its place, the old file
// kept beside it; otherwise the operator is told to configure them.

export type SecretsOutcome =
  /** The archive holds no secrets. */
  | { kind: "none" }
  /** It holds the secrets this server already has. */
  | { kind: "same" }
  /** Its AUTH_SECRET is now in `file`; the generated one it replaced is kept in `kept`. */
  | { kind: "adopted"; file: string; kept: string }
  /** It holds secrets the environment must be given (the environment sets its own, or two). */
  | { kind: "held" };

const archivedSecrets = z.object({
  AUTH_SECRET: z.string().min(32),
  PRESS_KEYS_SECRET: z.string().min(32).optional(),
});

export async function adoptArchiveSecrets(
  archive: ArchiveReader,
  manifest: Manifest,
  env: SiteSecrets,
  secretFile: string | null | undefined,
): Promise<{ secrets: SiteSecrets; outcome: SecretsOutcome }> {
  const configured = { AUTH_SECRET: env.AUTH_SECRET, PRESS_KEYS_SECRET: env.PRESS_KEYS_SECRET };
  if (!manifest.secrets.included) return { secrets: configured, outcome: { kind: "none" } };
  const text = await archive.readText(manifest.secrets.included.member);
  let parsed: ReturnType<typeof archivedSecrets.safeParse>;
  try {
    parsed = archivedSecrets.safeParse(JSON.parse(text));
  } catch {
    throw damaged(archive.file, `its ${SECRETS_MEMBER} is not JSON`);
  }
  if (!parsed.success) throw damaged(archive.file, `its ${SECRETS_MEMBER} is not readable`);
  const archived = parsed.data;
  const pressKeys = archived.PRESS_KEYS_SECRET ?? archived.AUTH_SECRET;
  if (
    archived.AUTH_SECRET === env.AUTH_SECRET &&
    pressKeys === (env.PRESS_KEYS_SECRET ?? env.AUTH_SECRET)
  )
    return { secrets: configured, outcome: { kind: "same" } };
  if (!secretFile || pressKeys !== archived.AUTH_SECRET)
    return { secrets: configured, outcome: { kind: "held" } };
  const kept = `${secretFile}.before-restore-${Date.now()}`;
  if (fs.existsSync(secretFile)) fs.renameSync(secretFile, kept);
  fs.writeFileSync(secretFile, archived.AUTH_SECRET, { mode: 0o600 });
  return {
    secrets: { AUTH_SECRET: archived.AUTH_SECRET },
    outcome: { kind: "adopted", file: secretFile, kept },
  };
}
