import type { PGlite } from "@electric-sql/pglite";
import { QUERY_TABLES } from "./query-rules";
import {
  QUERY_TIMEOUT_MS,
  QueryTimedOut,
  QueryUnavailable,
  type ReaderOptions,
  runAsReader,
  sessionIsClean,
} from "./sql-query-steps.server";
import { type Exec, readerSetupStatements } from "./sql-reader.server";
import { queryWorker, StatementTimedOut, type WorkerExec } from "./sql-worker.server";

// PGlite: the console query runs on a worker thread, over a copy of the two tables.

/** On PGlite each query gets a copy of the two tables; past this many rows, use PostgreSQL. */
const COPY_ROW_LIMIT = 50_000;

export type TableCopy = { table: string; columns: string; data: string };

/** The two tables' columns and rows, copied in one transaction of the app's database. */
async function copyTables(pglite: PGlite): Promise<TableCopy[]> {
  return pglite.transaction(async (tx) => {
    const copies: TableCopy[] = [];
    for (const table of QUERY_TABLES) {
      const { rows: counted } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM public.${table}`,
      );
      if ((counted[0]?.n ?? 0) > COPY_ROW_LIMIT) {
        throw new QueryUnavailable(
          `${table} has more than ${COPY_ROW_LIMIT.toLocaleString("en-US")} rows, too many for the embedded database; use PostgreSQL (DATABASE_URL)`,
        );
      }
      // Types outside pg_catalog (an enum, a domain) travel as text: the copy has no such type.
      const { rows: columns } = await tx.query<{ name: string; type: string }>(
        `SELECT quote_ident(a.attname) AS name,
           CASE WHEN t.typnamespace = 'pg_catalog'::regnamespace
             THEN format_type(a.atttypid, a.atttypmod) ELSE 'text' END AS type
         FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
         WHERE a.attrelid = 'public.${table}'::regclass AND a.attnum > 0 AND NOT a.attisdropped
         ORDER BY a.attnum`,
      );
      const copied = await tx.query(`COPY public.${table} TO '/dev/blob'`);
      copies.push({
        table,
        columns: columns.map((c) => `${c.name} ${c.type}`).join(", "),
        data: (await copied.blob?.text()) ?? "",
      });
    }
    return copies;
  });
}

/**
 * One transaction in the worker's empty database: the role and the two tables are created and
 * filled inside it (and vanish at the rollback), then the same steps as on PostgreSQL. Every
 * statement of the owner's runs under the time limit; past it the worker is ended.
 */
export async function inWorker<T>(
  copies: TableCopy[],
  options: ReaderOptions,
  work: (exec: Exec, runStatement: Exec) => Promise<T>,
): Promise<T> {
  return queryWorker.use(async (send: WorkerExec, discard) => {
    const exec: Exec = (text) => send(text);
    await exec("BEGIN");
    try {
      for (const copy of copies) {
        await exec(`CREATE TABLE public.${copy.table} (${copy.columns})`);
        await send(`COPY public.${copy.table} FROM '/dev/blob'`, { copy: copy.data });
        // Real statistics, so that the cost estimate is about these rows and not a guess.
        await exec(`ANALYZE public.${copy.table}`);
      }
      for (const statement of readerSetupStatements(options.role)) await exec(statement);
      return await work(exec, (text) => send(text, { timeoutMs: QUERY_TIMEOUT_MS }));
    } finally {
      // A timed-out worker is already gone; its replacement starts clean. A session advisory lock
      // outlives the rollback: an engine left holding one is ended, and the next use starts anew.
      await exec("ROLLBACK").catch(() => {});
      if (!(await sessionIsClean(exec).catch(() => false))) discard();
    }
  });
}

export async function runOnPglite(pglite: PGlite, statement: string, options: ReaderOptions) {
  const copies = await copyTables(pglite);
  try {
    return await inWorker(copies, options, (exec, runStatement) =>
      runAsReader(exec, runStatement, statement, options),
    );
  } catch (error) {
    if (error instanceof StatementTimedOut) throw new QueryTimedOut();
    throw error;
  }
}
