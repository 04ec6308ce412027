import type { EngineDatabase } from "~/db/database.server";
import type { QueryResult, QueryStatus } from "./console-schemas";
import { QUERY_TABLES } from "./query-rules";
import { checkConsoleQuery } from "./sql-check.server";
import { inWorker, runOnPglite } from "./sql-on-pglite.server";
import { drizzleExec, inReaderTransaction, runOnPostgres } from "./sql-on-postgres.server";
import { QUERY_COST_LIMIT, QueryUnavailable, type ReaderOptions } from "./sql-query-steps.server";
import {
  becomeReader,
  DEFAULT_READER_ROLE,
  ReaderUnavailable,
  readerSetupAdvice,
} from "./sql-reader.server";
import { EngineDown } from "./sql-worker.server";

// The owner's SQL box (docs/product.md#sql-query-box): what the API and the start-up
// call. The query runs on PostgreSQL in the app's database (./sql-on-postgres.server.ts) or on
// PGlite over a copy in a worker (./sql-on-pglite.server.ts), through the same steps
// (./sql-query-steps.server.ts).

export { checkConsoleQuery, QueryRefused } from "./sql-check.server";
export {
  QUERY_COST_LIMIT,
  QUERY_ROW_LIMIT,
  QUERY_TIMEOUT_MS,
  QueryTimedOut,
  QueryUnavailable,
  TIMED_OUT,
} from "./sql-query-steps.server";

type Options = Partial<ReaderOptions>;

const withDefaults = (options: Options): ReaderOptions => ({
  role: options.role ?? DEFAULT_READER_ROLE,
  costLimit: options.costLimit ?? QUERY_COST_LIMIT,
});

/** Engine failures that mean "no box here" rather than "this query failed". */
function unavailable(error: unknown): never {
  if (error instanceof ReaderUnavailable) throw new QueryUnavailable(error.message);
  if (error instanceof EngineDown) throw new QueryUnavailable(error.message);
  throw error;
}

/**
 * Runs one owner's query: checked by the parser, then read only, as the reader role (proven before
 * it runs), with its cost bounded and a time limit that holds on either engine, 10 rows at most.
 * Throws QueryRefused, QueryTimedOut or QueryUnavailable with a message for the owner.
 */
export async function runConsoleQuery(
  database: EngineDatabase,
  text: string,
  options: Options = {},
): Promise<QueryResult> {
  const statement = await checkConsoleQuery(text);
  const settings = withDefaults(options);
  try {
    return database.engine === "pglite"
      ? await runOnPglite(database.pglite, statement, settings)
      : await runOnPostgres(database, statement, settings);
  } catch (error) {
    return unavailable(error);
  }
}

/** Whether the box can run here right now, proven the same way a query is (nothing is run). */
export async function consoleQueryStatus(
  database: EngineDatabase,
  options: Options = {},
): Promise<QueryStatus> {
  const settings = withDefaults(options);
  try {
    if (database.engine === "pglite") {
      await inWorker(
        QUERY_TABLES.map((table) => ({ table, columns: "id text", data: "" })),
        settings,
        (exec) => becomeReader(exec, settings.role),
      );
    } else {
      await inReaderTransaction(database, settings, async (exec) => {
        await exec("SET TRANSACTION READ ONLY");
        await becomeReader(exec, settings.role);
      });
    }
    return { available: true, reason: null };
  } catch (error) {
    try {
      unavailable(error);
    } catch (known) {
      if (known instanceof QueryUnavailable) return { available: false, reason: known.reason };
    }
    throw error;
  }
}

/** The start-up check: one line for the log, and the advice an operator needs when it is off. */
export async function describeConsoleQuery(database: EngineDatabase, options: Options = {}) {
  const settings = withDefaults(options);
  if (database.engine === "pglite") {
    return {
      available: true,
      message: `console SQL box: runs on a worker thread over a copy of ${QUERY_TABLES.join(" and ")}, as ${settings.role} (started on first use)`,
    };
  }
  const status = await consoleQueryStatus(database, options);
  if (status.available)
    return { available: true, message: `console SQL box: available, runs as ${settings.role}` };
  const { rows } = await drizzleExec(database.db)("SELECT quote_ident(session_user) AS name");
  const appUser = String(rows[0]?.name ?? "<the app's database user>");
  return {
    available: false,
    message: `console SQL box: unavailable: ${status.reason}. To turn it on, a superuser runs: ${readerSetupAdvice(settings.role, appUser)}`,
  };
}
