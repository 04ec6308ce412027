import type { PGlite } from "@electric-sql/pglite";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type pg from "pg";
import * as schema from "./schema";

/**
 * What both engines answer to a raw statement (`db.execute`), as far as they agree: the rows and
 * the columns' names. node-postgres's QueryResult and PGlite's Results each have more.
 */
export interface EngineQueryResultHKT extends PgQueryResultHKT {
  type: EngineQueryResult<this["row"]>;
}

type EngineQueryResult<Row> = {
  rows: (Row extends Record<string, unknown> ? Row : Record<string, unknown>)[];
  fields: { name: string }[];
};

/** The one database type the domain modules see, whichever engine is behind it. */
export type Database = PgDatabase<EngineQueryResultHKT, typeof schema>;

/**
 * An open transaction. It does all a Database does, so any function taking a Database runs inside
 * one as well; a function that only makes sense inside a transaction (a transaction-scoped lock)
 * takes this type instead.
 */
export type Transaction = PgTransaction<
  EngineQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

/** The engine behind a Database and its own client, for the few needs Drizzle does not cover. */
export type EngineClient =
  | { engine: "postgres"; pool: pg.Pool }
  | { engine: "pglite"; pglite: PGlite };

/** A Database together with its engine's client (the console's SQL box uses both). */
export type EngineDatabase = EngineClient & { db: Database };

export type DatabaseHandle = EngineDatabase & {
  /** A round trip to the engine; throws when it is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseTarget =
  | { engine: "postgres"; url: string; poolSize?: number }
  | {
      engine: "pglite";
      dataDir?: string;
      /** A data directory dumped by PGlite's dumpDataDir() to start from (tests: a migrated one). */
      loadDataDir?: Blob;
    };

/** Each engine's driver is loaded when that engine is opened: start-up loads only the one it uses. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.engine === "postgres") {
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
    ]);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    const db: Database = drizzlePg(pool, { schema });
    return {
      db,
      engine: "postgres",
      pool,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
  ]);
  // No dataDir: an in-memory database (tests).
  const pglite = new PGlite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  await pglite.waitReady;
  const db: Database = drizzlePglite(pglite, { schema });
  return {
    db,
    engine: "pglite",
    pglite,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pglite.close(),
  };
}
