import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "./database.server";

/** drizzle/ beside app/ when run from the sources; a compiled server passes its own path. */
const SOURCE_MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

// Any fixed number: the advisory lock every process takes while it migrates.
const MIGRATION_LOCK = 7_461_002;

/**
 * Applies the committed SQL migrations in drizzle/ that the database has not seen yet. Drizzle's
 * migrators are per driver, so each gets the engine's own client.
 */
export async function migrate(
  handle: DatabaseHandle,
  { migrationsFolder = SOURCE_MIGRATIONS }: { migrationsFolder?: string } = {},
): Promise<void> {
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
