import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";

export type TestEngine = {
  name: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
  /** A new database with nothing in it, not even the migrations (a restore's target). */
  openEmpty(): Promise<DatabaseHandle>;
};

/**
 * The engines integration tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * Each open() gives a new, migrated, empty database (on PostgreSQL a database created for the test
 * and dropped when it is closed), so test files never see each other's rows. Under vitest the
 * migrations ran once for the whole run (tests/support/global-setup.ts): a PGlite database starts
 * from that run's dump, a PostgreSQL one is a copy of its template database. Without them (another
 * runner, a script) each open() migrates.
 */
export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [
    { name: "pglite", open: openPglite, openEmpty: () => openDatabase({ engine: "pglite" }) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url)
    engines.push({
      name: "postgres",
      open: () => openPostgres(url),
      openEmpty: () => openPostgres(url, { empty: true }),
    });
  return engines;
}

/** Where the run's migrated PGlite dump and PostgreSQL template are named, for the workers. */
export const MIGRATED = {
  pgliteDump: "TEST_PGLITE_MIGRATED_DUMP",
  postgresTemplate: "TEST_DATABASE_MIGRATED_TEMPLATE",
} as const;

let migratedDump: Blob | undefined;

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const dumpFile = process.env[MIGRATED.pgliteDump];
  if (!dumpFile) {
    const handle = await openDatabase({ engine: "pglite", dataDir });
    await migrate(handle);
    return handle;
  }
  migratedDump ??= new Blob([fs.readFileSync(dumpFile)]);
  return openDatabase({ engine: "pglite", dataDir, loadDataDir: migratedDump });
}

/**
 * Puts a migrated embedded database into `dataDir` (its `db` folder, where the server and the
 * `studio` command open it), from the run's dump: a command-line test's site without a process
 * spending seconds of CPU creating the cluster and running every migration.
 */
export async function migrateDataDir(dataDir: string): Promise<void> {
  const handle = await openPglite(path.join(dataDir, "db"));
  await handle.close();
}

async function openPostgres(
  adminUrl: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<DatabaseHandle> {
  const template = empty ? undefined : process.env[MIGRATED.postgresTemplate];
  const created = await createDatabase(adminUrl, "studio_test_", { template });
  const handle = await openDatabase({ engine: "postgres", url: created.url, poolSize: 4 });
  if (!template && !empty) await migrate(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

export type CreatedDatabase = { name: string; url: string; drop(): Promise<void> };

/**
 * A new, empty PostgreSQL database on the server behind `adminUrl`, named `prefix` plus random hex,
 * or a copy of `template`; drop() removes it (connections and all). Integration, fuzz and system
 * tests each make their own.
 */
export async function createDatabase(
  adminUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
): Promise<CreatedDatabase> {
  const name = `${prefix}${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
