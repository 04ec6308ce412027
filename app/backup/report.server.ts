import path from "node:path";
import type { BackupSummary } from "./create-backup.server";
import { formatBytes, formatSeconds } from "./progress.server";
import type { RestoreSummary } from "./restore-backup.server";

// What the commands say when they are done: one line for a backup, a few for a restore (what
// came back, the migrations applied after it, the sealed data, the secrets).

const count = (n: number) => n.toLocaleString("en");

export function backupSummaryLine(summary: BackupSummary): string {
  const gone =
    summary.gone.length > 0
      ? ` (${summary.gone.length} files deleted during the backup were left out)`
      : "";
  return `Backed up ${summary.tables} tables (${count(summary.rows)} rows) and ${count(summary.files)} files${gone}, ${formatBytes(summary.bytes)}, into ${formatBytes(summary.archiveBytes)} in ${formatSeconds(summary.seconds)}${summary.withSecrets ? ", with the site's secrets: keep it as safe as the secrets themselves" : ", without secrets"}.`;
}

export function restoreReport(summary: RestoreSummary, archive: string): string[] {
  const { manifest } = summary;
  const engine = manifest.engine.name === "pglite" ? "the embedded database" : "PostgreSQL";
  const lines = [
    `Restored ${summary.tables} tables (${count(summary.rows)} rows, every count checked) and ${count(summary.files)} files (${formatBytes(summary.bytes)}) from ${path.basename(archive)}, taken ${manifest.createdAt} on ${engine}, in ${formatSeconds(summary.seconds)}.`,
  ];
  if (summary.migration.from !== summary.migration.to)
    lines.push(
      `Its database was at migration ${summary.migration.from}; the later migrations up to ${summary.migration.to} were applied.`,
    );
  if (summary.replaced) lines.push(`What the target held before is kept in ${summary.replaced}.`);
  const { secrets } = summary;
  if (secrets.kind === "adopted")
    lines.push(
      `The archive's AUTH_SECRET is now in ${secrets.file} (the one it replaced is kept in ${secrets.kept}).`,
    );
  if (secrets.kind === "held")
    lines.push(
      "The archive holds the site's secrets (secrets.json, never printed): give every process its AUTH_SECRET and PRESS_KEYS_SECRET, then start the site.",
    );
  lines.push(summary.sealedSentence);
  return lines;
}
