import path from "node:path";
import type { EngineDatabase } from "~/db/database.server";
import { APPLIED_MIGRATION_SQL, migrationAt, readJournal } from "~/db/schema-version.server";
import type { Storage } from "~/platform/storage/storage.server";
import { openArchiveWriter } from "./archive-writer.server";
import { EXCLUDED_TABLES, listSequences, listTables, tablesSize } from "./catalog.server";
import { exportTables } from "./export-tables.server";
import { exportFiles, listFiles } from "./files.server";
import {
  appVersion,
  BACKUP_FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  MANIFEST_SUM,
  type Manifest,
  manifestBytes,
  SECRETS_MEMBER,
} from "./manifest.server";
import { type ProgressReporter, type ProgressState, silentProgress } from "./progress.server";
import { checkSealedData, type SiteSecrets, secretFingerprints } from "./secrets.server";
import { inTransaction } from "./session.server";

// `studio backup create`: the database read in one snapshot, then every stored file, into one
// archive under a temporary name (docs/deployment.md#backups-and-restore).

export type BackupSources = { database: EngineDatabase; storage: Storage; env: SiteSecrets };

export type BackupSummary = {
  file: string;
  archiveBytes: number;
  tables: number;
  rows: number;
  files: number;
  /** The tables' and files' bytes before compression. */
  bytes: number;
  seconds: number;
  /** Files deleted between their listing and their copy (their rows went with them). */
  gone: string[];
  withSecrets: boolean;
};

/** DATA_DIR/backups/studio-backup-<UTC date and time>Z.zip (or another name before the time). */
export function defaultArchivePath(dataDir: string, at: Date, name = "studio-backup"): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return path.join(dataDir, "backups", `${name}-${stamp}Z.zip`);
}

export async function createBackup(
  sources: BackupSources,
  options: {
    out: string;
    withSecrets?: boolean;
    progress?: ProgressReporter;
    /** drizzle/ of this release (a compiled server's own path; the sources' by default). */
    migrationsFolder?: string;
  },
): Promise<BackupSummary> {
  const started = Date.now();
  const progress = options.progress ?? silentProgress;
  const writer = await openArchiveWriter(options.out);
  try {
    // A first listing only sizes the work; the files copied are listed after the snapshot, so
    // that every file a row of the snapshot names is there (uploads are stored before their row).
    const first = await listFiles(sources.storage);
    const state: ProgressState = {
      phase: "Backing up",
      tablesDone: 0,
      tablesTotal: 0,
      filesDone: 0,
      filesTotal: first.length,
      bytesDone: 0,
      bytesTotal: first.reduce((sum, file) => sum + file.size, 0),
    };
    const snapshot = await inTransaction(sources.database, "snapshot", async (session) => {
      const [migrations] = await session.query<{ present: boolean }>(
        "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
      );
      // A database never migrated (a restore's target, backed up before it is replaced) has none.
      const [applied] = migrations?.present
        ? await session.query<{ applied: string | null }>(APPLIED_MIGRATION_SQL)
        : [];
      const [engine] = await session.query<{ version: string }>("select version() as version");
      const catalog = await listTables(session);
      state.tablesTotal = catalog.length;
      state.bytesTotal += await tablesSize(
        session,
        catalog.map((table) => table.name),
      );
      progress.update(state);
      const tables = await exportTables(session, catalog, writer, ({ done, bytes }) => {
        state.bytesDone += bytes;
        state.tablesDone = done;
        progress.update(state);
      });
      state.tablesDone = catalog.length;
      const when = Number(applied?.applied ?? 0);
      return {
        tables,
        sequences: await listSequences(session),
        schema: { migration: migrationAt(when, options.migrationsFolder)?.tag ?? null, when },
        engineVersion: engine?.version ?? "unknown",
      };
    });
    const listed = await listFiles(sources.storage);
    state.filesTotal = listed.length;
    state.bytesTotal = state.bytesDone + listed.reduce((sum, file) => sum + file.size, 0);
    const files = await exportFiles(sources.storage, listed, writer, ({ done, bytes }) => {
      state.bytesDone += bytes;
      state.filesDone = done;
      progress.update(state);
    });
    state.filesDone = listed.length;
    progress.update(state);

    const included = options.withSecrets
      ? await writer.add(SECRETS_MEMBER, [
          JSON.stringify({
            AUTH_SECRET: sources.env.AUTH_SECRET,
            PRESS_KEYS_SECRET: sources.env.PRESS_KEYS_SECRET,
          }),
        ])
      : null;
    // The features read their sealed values through this release's schema: a database at another
    // version (not yet migrated, or an emptied restore target) is backed up without the counts.
    const current = snapshot.schema.when === readJournal(options.migrationsFolder).at(-1)?.when;
    const sealed = current ? await checkSealedData(sources.database.db, sources.env) : [];
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date(started).toISOString(),
      app: { version: appVersion() },
      engine: { name: sources.database.engine, version: snapshot.engineVersion },
      schema: snapshot.schema,
      tables: snapshot.tables,
      excludedTables: EXCLUDED_TABLES,
      sequences: snapshot.sequences,
      storage: sources.storage.describe,
      files: files.entries,
      secrets: {
        included: included && { member: SECRETS_MEMBER, ...included },
        ...secretFingerprints(sources.env),
        sealed: Object.fromEntries(sealed.map((count) => [count.kind, count.sealed])),
      },
    };
    const { json, sum } = manifestBytes(manifest);
    await writer.add(MANIFEST, [json]);
    await writer.add(MANIFEST_SUM, [sum], { compress: false });
    const archiveBytes = await writer.finish();
    progress.done();
    return {
      file: options.out,
      archiveBytes,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.length,
      bytes: [...manifest.tables, ...manifest.files].reduce((sum, entry) => sum + entry.bytes, 0),
      seconds: (Date.now() - started) / 1000,
      gone: files.gone,
      withSecrets: Boolean(options.withSecrets),
    };
  } catch (error) {
    progress.done();
    await writer.abort();
    throw error;
  }
}
