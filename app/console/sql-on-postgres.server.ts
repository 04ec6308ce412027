import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Database, EngineDatabase } from "~/db/database.server";
import {
  QueryTimedOut,
  type ReaderOptions,
  runAsReader,
  sessionIsClean,
} from "./sql-query-steps.server";
import {
  databaseMessage,
  type Exec,
  ReaderUnavailable,
  readerSetupStatements,
  sqlState,
} from "./sql-reader.server";

// PostgreSQL: the console query runs in the app's database, as the reader role.

/** The app's database on PostgreSQL: Drizzle for the role's setup, the pool for a connection of its own. */
export type PostgresDatabase = Extract<EngineDatabase, { engine: "postgres" }>;

export const drizzleExec =
  (tx: Pick<Database, "execute">): Exec =>
  async (text) => {
    const result = await tx.execute(sql.raw(text));
    return { rows: result.rows, fields: result.fields ?? [] };
  };

const settingUp = new WeakMap<Database, Promise<string | null>>();

/**
 * Creates and grants the role where the database user may. Answers why it could not; a failure is
 * not remembered (a race between processes, an operator's grant later), so the next query tries again.
 */
function setUpReader(db: Database, role: string): Promise<string | null> {
  const running = settingUp.get(db);
  if (running) return running;
  const attempt = (async () => {
    try {
      for (const statement of readerSetupStatements(role)) await db.execute(sql.raw(statement));
      return null;
    } catch (error) {
      return databaseMessage(error);
    } finally {
      settingUp.delete(db);
    }
  })();
  settingUp.set(db, attempt);
  return attempt;
}

const clientExec =
  (client: pg.PoolClient): Exec =>
  async (text) => {
    const result = await client.query(text);
    return { rows: result.rows, fields: result.fields ?? [] };
  };

/**
 * A transaction on a connection of its own that is always rolled back, so that nothing the query
 * did to the session (SET, set_config) outlives it. A session advisory lock survives a rollback:
 * a connection left holding one (or left in any state but its own) is closed, not pooled again.
 */
async function inRolledBackTransaction<T>(
  pool: pg.Pool,
  work: (exec: Exec) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const exec = clientExec(client);
  let reusable = false;
  try {
    await exec("BEGIN");
    try {
      return await work(exec);
    } finally {
      // A failed rollback or check leaves the connection unproven: it is closed too.
      reusable = await exec("ROLLBACK")
        .then(() => sessionIsClean(exec))
        .catch(() => false);
    }
  } finally {
    client.release(!reusable);
  }
}

/** A transaction as the reader role; ReaderUnavailable when the role is missing or unsafe. */
export async function inReaderTransaction<T>(
  { db, pool }: PostgresDatabase,
  options: ReaderOptions,
  work: (exec: Exec) => Promise<T>,
): Promise<T> {
  const attempt = () => inRolledBackTransaction(pool, work);
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof ReaderUnavailable)) throw error;
    // A missing or ungranted role is set up once, where the database user may; then it is proven again.
    const failed = await setUpReader(db, options.role);
    try {
      return await attempt();
    } catch (again) {
      if (again instanceof ReaderUnavailable && failed) {
        throw new ReaderUnavailable(`${again.message} (setting it up failed: ${failed})`);
      }
      throw again;
    }
  }
}

export async function runOnPostgres(
  database: PostgresDatabase,
  statement: string,
  options: ReaderOptions,
) {
  try {
    return await inReaderTransaction(database, options, (exec) =>
      runAsReader(exec, exec, statement, options),
    );
  } catch (error) {
    if (sqlState(error) === "57014") throw new QueryTimedOut();
    throw error;
  }
}
