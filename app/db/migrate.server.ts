import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./database.server";
import { installJobQueue } from "./job-queue.server";
import { SOURCE_MIGRATIONS } from "./schema-version.server";

// Any fixed number: the advisory lock every process takes while it migrates.
const MIGRATION_LOCK = 7_461_002;

/**
 * Applies the committed SQL migrations in drizzle/ that the database has not seen yet, then installs
 * or upgrades the job queue's own schema (pg-boss keeps its version and takes its own lock).
 * `tablesOnly` leaves the job queue out (a restore brings the tables to an older version first).
 */
export async function migrate(
  handle: DatabaseHandle,
  options: { migrationsFolder?: string; tablesOnly?: boolean } = {},
): Promise<void> {
  await migrateTables(handle, options);
  if (!options.tablesOnly) await installJobQueue(handle);
}

/** Drizzle's migrators are per driver, so each gets the engine's own client. */
async function migrateTables(
  handle: DatabaseHandle,
  { migrationsFolder = SOURCE_MIGRATIONS }: { migrationsFolder?: string },
): Promise<void> {
  if (await isUpToDate(handle, migrationsFolder)) return;
  // The engine's own driver and migrator only, as openDatabase loads them.
  if (handle.engine === "pglite") {
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    await migratePglite(drizzlePglite(handle.pglite), { migrationsFolder });
    return;
  }
  // Several processes starting at once on one PostgreSQL database (a deployment, a rolling
  // restart) take turns: the first applies what is missing, the others then find nothing to do.
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const lockHolder = await handle.pool.connect();
  try {
    await lockHolder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migratePg(drizzlePg(handle.pool), { migrationsFolder });
  } finally {
    await lockHolder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lockHolder.release();
  }
}

/**
 * Whether the database already has the folder's newest migration: one query, where Drizzle's
 * migrator reads and hashes every file, creates its table if missing and opens a transaction to
 * find nothing to do. Drizzle applies the migrations newer than the newest row of its table, so
 * this is its own test, made first. Any doubt (no table yet, no journal) leaves it to the migrator.
 */
async function isUpToDate(handle: DatabaseHandle, migrationsFolder: string): Promise<boolean> {
  let newest: number | undefined;
  try {
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
    ) as { entries: { when: number }[] };
    newest = journal.entries.at(-1)?.when;
  } catch {
    return false;
  }
  if (newest === undefined) return false;
  try {
    const { rows } = await handle.db.execute<{ applied: string | number | null }>(
      sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
    );
    const applied = rows[0]?.applied;
    return applied !== null && applied !== undefined && Number(applied) >= newest;
  } catch {
    return false;
  }
}
