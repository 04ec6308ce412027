import fs from "node:fs";
import path from "node:path";
import { createDatabase } from "../../../tests/support/database";
import { log, wants } from "../options";
import { rows } from "../report";
import { adminUrl, authSecret, cleanups, usePg, work } from "../workspace";

// Backup and restore (docs/deployment.md#backups-and-restore) of the 100× data set: the backup
// tests' site (the demo and its pictures, subscribers, sealed keys and hooks) with the growth
// scenario's 100× (2,000 news items, 5,000 messages, 3,000 accounts) and 2,000 subscribers, on the
// engine of the run; the archive is then restored into a new empty database and storage, every
// count checked on the way. Times are the commands' own work, without node's start.

const HUNDREDFOLD = { news: 2_000, messages: 5_000, users: 3_000, subscribers: 2_000 };

async function target(label: string) {
  const dataDir = path.join(work, `backup-${label}`);
  let databaseUrl: string | undefined;
  if (usePg) {
    const base = adminUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const database = await createDatabase(base, `studio_bench_backup_${process.pid}_`);
    cleanups.push(() => database.drop());
    databaseUrl = database.url;
  }
  const [{ openConfiguredDatabase }, { loadEnv }, { configuredStorage }] = await Promise.all([
    import("~/db/open.server"),
    import("~/platform/config/env.server"),
    import("~/platform/storage/configured.server"),
  ]);
  const env = loadEnv({ DATA_DIR: dataDir, AUTH_SECRET: authSecret, DATABASE_URL: databaseUrl });
  const database = await openConfiguredDatabase(env);
  return { env, database, storage: configuredStorage(env) };
}

export async function backupScenario() {
  if (!wants("backup")) return;
  const [{ migrate }, { createBackup, restoreBackup }, { testContext }, { seedBackupSite }] =
    await Promise.all([
      import("~/db/migrate.server"),
      import("~/backup/index.server"),
      import("../../../tests/support/runtime"),
      import("../../../tests/support/backup-site"),
    ]);
  const source = await target("source");
  const archive = path.join(work, "backup-100x.zip");
  let summary: Awaited<ReturnType<typeof createBackup>>;
  try {
    await migrate(source.database);
    log("backup: seeding the 100× site");
    // The test context over the source's DATA_DIR: its uploads go where the backup reads them.
    const context = testContext(source.database, {
      env: { AUTH_SECRET: authSecret, DATA_DIR: source.env.DATA_DIR },
    });
    await seedBackupSite(context, HUNDREDFOLD);
    log("backup: backup create");
    summary = await createBackup(
      { database: source.database, storage: source.storage, env: source.env },
      { out: archive },
    );
  } finally {
    await source.database.close();
  }
  const restored = await target("restored");
  try {
    log("backup: backup restore");
    const back = await restoreBackup(restored, { archive });
    const engine = usePg ? "PostgreSQL" : "PGlite";
    const size = fs.statSync(archive).size;
    const note = `${summary.tables} tables, ${summary.rows} rows, ${summary.files} files; ${(summary.bytes / 1e6).toFixed(1)} MB in, archive ${(size / 1e6).toFixed(1)} MB`;
    rows.push(
      {
        scenario: `backup create, 100× (${engine})`,
        side: "-",
        encoding: "-",
        connections: null,
        rps: null,
        p50Ms: summary.seconds * 1000,
        p99Ms: summary.seconds * 1000,
        bytes: size,
        note,
      },
      {
        scenario: `backup restore, 100× (${engine})`,
        side: "-",
        encoding: "-",
        connections: null,
        rps: null,
        p50Ms: back.seconds * 1000,
        p99Ms: back.seconds * 1000,
        bytes: size,
        note: `${back.rows} rows (counts checked), ${back.files} files; ${back.sealedSentence}`,
      },
    );
  } finally {
    await restored.database.close();
  }
}
