import fs from "node:fs";
import type { DatabaseHandle } from "~/db/database.server";
import { migrate } from "~/db/migrate.server";
import { migrationsUpTo, readJournal } from "~/db/schema-version.server";
import type { SealedCount } from "~/platform/crypto/sealed-box.server";
import { AppError } from "~/platform/errors/app-error";
import type { Storage } from "~/platform/storage/storage.server";
import { openArchive } from "./archive-reader.server";
import { tablesWithRows } from "./catalog.server";
import { createBackup, defaultArchivePath } from "./create-backup.server";
import { importFiles, listFiles } from "./files.server";
import { importTables } from "./import-tables.server";
import { type Manifest, readManifest } from "./manifest.server";
import { type ProgressReporter, type ProgressState, silentProgress } from "./progress.server";
import { adoptArchiveSecrets, type SecretsOutcome } from "./restore-secrets.server";
import { checkSealedData, type SiteSecrets, sealedSentence } from "./secrets.server";
import { inTransaction } from "./session.server";
import { archiveMigration, verifyMembers } from "./verify-archive.server";
import { wipeDatabase, wipeStorage } from "./wipe.server";

// `studio backup restore ARCHIVE` (docs/deployment.md#backups-and-restore): checks the archive
// whole before anything is touched, refuses a target that holds a site (unless --replace, which
// backs it up first), builds the archive's schema version, loads its rows in one transaction with
// their counts checked, applies the later migrations, puts back the files, and says whether the
// sealed data opens with this server's secret.

export type RestoreTarget = {
  database: DatabaseHandle;
  storage: Storage;
  env: SiteSecrets & { DATA_DIR: string };
};

export type RestoreOptions = {
  archive: string;
  replace?: boolean;
  progress?: ProgressReporter;
  migrationsFolder?: string;
  /** DATA_DIR/auth-secret when the environment sets no secret: the archive's may be adopted there. */
  secretFile?: string | null;
};

export type RestoreSummary = {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  bytes: number;
  seconds: number;
  /** The migration the rows were taken at, and the one the database is at now. */
  migration: { from: string; to: string };
  /** The backup of what --replace replaced, if it replaced anything. */
  replaced: string | null;
  sealed: SealedCount[];
  sealedSentence: string;
  secrets: SecretsOutcome;
};

function notEmpty(tables: string[], files: number, storage: Storage): AppError {
  const held = [
    tables.length > 0 ? `${tables.length} tables hold rows, such as ${tables[0]}` : null,
    files > 0 ? `${files} files are stored in ${storage.describe}` : null,
  ].filter(Boolean);
  return new AppError(
    "conflict",
    `The target is not empty (${held.join("; ")}): restore into an empty database and storage, or add --replace to replace what is there (it is backed up first).`,
    { code: "target_not_empty" },
  );
}

export async function restoreBackup(
  target: RestoreTarget,
  options: RestoreOptions,
): Promise<RestoreSummary> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const { database, storage } = target;
  const archive = await openArchive(options.archive);
  try {
    const manifest = await readManifest(archive);
    const migration = archiveMigration(archive, manifest, options.migrationsFolder);
    const tableBytes = manifest.tables.reduce((sum, table) => sum + table.bytes, 0);
    const fileBytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
    const state: ProgressState = {
      phase: "Checking the archive",
      tablesDone: 0,
      tablesTotal: manifest.tables.length,
      filesDone: 0,
      filesTotal: manifest.files.length,
      bytesDone: 0,
      bytesTotal: tableBytes + fileBytes + (manifest.secrets.included?.bytes ?? 0),
    };
    await verifyMembers(archive, manifest, (bytes) => {
      state.bytesDone += bytes;
      progress.update(state);
    });

    const filled = await inTransaction(database, "snapshot", tablesWithRows);
    const stored = await listFiles(storage);
    if ((filled.length > 0 || stored.length > 0) && !options.replace)
      throw notEmpty(filled, stored.length, storage);
    let replaced: string | null = null;
    if (filled.length > 0 || stored.length > 0) {
      progress.done();
      replaced = defaultArchivePath(target.env.DATA_DIR, new Date(), "replaced-by-restore");
      await createBackup(target, { out: replaced, progress });
    }

    try {
      await inTransaction(database, "write", wipeDatabase);
      await wipeStorage(storage);
      const folder = migrationsUpTo(migration.when, options.migrationsFolder);
      try {
        await migrate(database, { migrationsFolder: folder, tablesOnly: true });
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
      Object.assign(state, {
        phase: "Restoring",
        bytesDone: 0,
        bytesTotal: tableBytes + fileBytes,
      });
      await inTransaction(database, "write", (session) =>
        importTables(session, archive, manifest, ({ done, bytes }) => {
          state.tablesDone = done;
          state.bytesDone += bytes;
          progress.update(state);
        }),
      );
      state.tablesDone = manifest.tables.length;
      await migrate(database, { migrationsFolder: options.migrationsFolder });
      await importFiles(storage, archive, manifest.files, ({ done, bytes }) => {
        state.filesDone = done;
        state.bytesDone += bytes;
        progress.update(state);
      });
      state.filesDone = manifest.files.length;
      progress.update(state);
    } catch (error) {
      const kept = replaced ? ` What it held before is in ${replaced}.` : "";
      const message = error instanceof Error ? error.message : String(error);
      const stopped = new AppError(
        "unprocessable",
        `${message.replace(/; nothing was restored\.$/, ".")} The restore stopped after the target was emptied: run it again with --replace once the cause is fixed.${kept}`,
        { code: error instanceof AppError ? error.code : "restore_failed" },
      );
      stopped.cause = error;
      throw stopped;
    }
    progress.done();

    const adopted = await adoptArchiveSecrets(archive, manifest, target.env, options.secretFile);
    const sealed = await checkSealedData(database.db, adopted.secrets);
    return {
      manifest,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.length,
      bytes: tableBytes + fileBytes,
      seconds: (Date.now() - started) / 1000,
      migration: {
        from: migration.tag,
        to: readJournal(options.migrationsFolder).at(-1)?.tag ?? migration.tag,
      },
      replaced,
      sealed,
      sealedSentence: sealedSentence(sealed),
      secrets: adopted.outcome,
    };
  } finally {
    progress.done();
    archive.close();
  }
}
