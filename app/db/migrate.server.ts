import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./database.server";

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Applies the committed SQL migrations in drizzle/ that the database has not seen yet. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the engine-specific type
    await migratePglite(handle.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the engine-specific type
    await migratePg(handle.db as any, { migrationsFolder });
  }
}
