import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import type { DatabaseHandle } from "./database.server";

/** drizzle/ beside app/ when run from the sources; a compiled server passes its own path. */
const SOURCE_MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

// Any fixed number: the advisory lock every process takes while it migrates.
const MIGRATION_LOCK = 7_461_002;

/** Applies the committed SQL migrations in drizzle/ that the database has not seen yet. */
export async function migrate(
  handle: DatabaseHandle,
  { migrationsFolder = SOURCE_MIGRATIONS }: { migrationsFolder?: string } = {},
): Promise<void> {
  if (handle.engine === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the engine-specific type
    await migratePglite(handle.db as any, { migrationsFolder });
    return;
  }
  // Several processes starting at once on one PostgreSQL database (a deployment, a rolling
  // restart) take turns: the first applies what is missing, the others then find nothing to do.
  const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the engine-specific type
    await migratePg(handle.db as any, { migrationsFolder });
  } finally {
    await lockHolder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    lockHolder.release();
  }
}
