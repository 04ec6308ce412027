import path from "node:path";
import { type DatabaseHandle, openDatabase } from "./database.server";
import { acquireDataDirLock } from "./lock.server";

/**
 * The database the configuration names: PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite in DATA_DIR/db, held by a lock file so that one process at a time opens it.
 */
export async function openConfiguredDatabase(env: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Promise<DatabaseHandle & { description: string }> {
  if (env.DATABASE_URL) {
    const handle = await openDatabase({ engine: "postgres", url: env.DATABASE_URL });
    const url = new URL(env.DATABASE_URL);
    return {
      ...handle,
      description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
    };
  }
  const lock = acquireDataDirLock(env.DATA_DIR);
  const dataDir = path.join(env.DATA_DIR, "db");
  try {
    const handle = await openDatabase({ engine: "pglite", dataDir });
    return {
      ...handle,
      description: `embedded PGlite in ${dataDir}`,
      close: async () => {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
