import type { EngineClient } from "~/db/database.server";

// One transaction on one connection, whichever engine: a backup reads every table in one snapshot,
// a restore loads every table in one transaction. Values travel as their text (the types' own
// output and input functions, as COPY does), so the settings that shape that text are fixed here:
// the same bytes come out of either engine and go back into either.

export type Session = {
  query<Row extends Record<string, unknown> = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<Row[]>;
};

const SETTINGS = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  // Every float's shortest exact text (PostgreSQL 12 and later; the most digits before).
  "set local extra_float_digits = 3",
  "set local bytea_output = 'hex'",
];

/**
 * `snapshot`: REPEATABLE READ READ ONLY, so every table is read as of one moment, every
 * transaction committed before it whole and none after it. `write`: a plain transaction.
 */
export async function inTransaction<T>(
  client: EngineClient,
  mode: "snapshot" | "write",
  work: (session: Session) => Promise<T>,
): Promise<T> {
  if (client.engine === "postgres") {
    const connection = await client.pool.connect();
    try {
      await connection.query(
        mode === "snapshot" ? "begin isolation level repeatable read read only" : "begin",
      );
      for (const setting of SETTINGS) await connection.query(setting);
      const session: Session = {
        async query<Row extends Record<string, unknown>>(text: string, params?: unknown[]) {
          return (await connection.query<Row>(text, params)).rows;
        },
      };
      const result = await work(session);
      await connection.query("commit");
      return result;
    } catch (error) {
      await connection.query("rollback").catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  }
  // PGlite is one connection: its transaction holds it, and the site's other statements wait.
  return client.pglite.transaction(async (tx) => {
    if (mode === "snapshot")
      await tx.exec("set transaction isolation level repeatable read read only");
    for (const setting of SETTINGS) await tx.exec(setting);
    return work({
      async query<Row extends Record<string, unknown>>(text: string, params?: unknown[]) {
        return (await tx.query<Row>(text, params)).rows;
      },
    });
  });
}

/** A quoted identifier. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
