import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { QueryResult, QueryStatus } from "./console-schemas";
import { QUERY_TABLES } from "./query-rules";
import { checkConsoleQuery, QueryRefused } from "./sql-check.server";
import {
  becomeReader,
  DEFAULT_READER_ROLE,
  databaseMessage,
  type Exec,
  ReaderUnavailable,
  readerSetupAdvice,
  readerSetupStatements,
  sqlState,
} from "./sql-reader.server";
import { EngineDown, queryWorker, StatementTimedOut, type WorkerExec } from "./sql-worker.server";

export { checkConsoleQuery, QueryRefused } from "./sql-check.server";

export const QUERY_ROW_LIMIT = 10;
export const QUERY_TIMEOUT_MS = 2_000;
/**
 * The planner's estimate above which a query is refused before it runs: about a second of work
 * on PostgreSQL, well past any read of two tables of a studio's size.
 */
export const QUERY_COST_LIMIT = 1_000_000;
/** On PGlite each query gets a copy of the two tables; past this many rows, use PostgreSQL. */
const COPY_ROW_LIMIT = 50_000;
/** What the console shows of a result, as JSON. */
const RESULT_BYTES_LIMIT = 1_000_000;

export const TIMED_OUT = `The query took longer than ${QUERY_TIMEOUT_MS / 1000} seconds and was stopped.`;

/** The box is off here (no usable reader role, or no engine); says why. */
export class QueryUnavailable extends Error {
  name = "QueryUnavailable";
  constructor(readonly reason: string) {
    super(`The SQL box is unavailable: ${reason}.`);
  }
}

/** The query ran past the time limit and was stopped. */
export class QueryTimedOut extends Error {
  name = "QueryTimedOut";
  constructor() {
    super(TIMED_OUT);
  }
}

type Engine = "pglite" | "postgres";
type Options = { role?: string; costLimit?: number };

/** Drizzle keeps the engine's own client; the PGlite one is the only one with `dumpDataDir`. */
function engineOf(db: Database): Engine {
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
  return typeof client?.dumpDataDir === "function" ? "pglite" : "postgres";
}

function jsonSafe(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

const wrap = (statement: string) =>
  `SELECT * FROM (\n${statement}\n) AS console_query LIMIT ${QUERY_ROW_LIMIT}`;

/** The planner's total cost for the wrapped query (a plan, nothing run). */
async function estimatedCost(exec: Exec, wrapped: string): Promise<number> {
  const { rows } = await exec(`EXPLAIN (FORMAT JSON) ${wrapped}`);
  const raw = Object.values(rows[0] ?? {})[0];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as {
    Plan: { "Total Cost": number };
  }[];
  return plan[0]?.Plan["Total Cost"] ?? Number.POSITIVE_INFINITY;
}

/**
 * The steps every query takes once its transaction is open and holds what it may read: read only,
 * the time limit where the engine keeps one, the reader role proven, the plan's cost bounded, then
 * the query itself with its row cap.
 */
async function runAsReader(
  exec: Exec,
  runStatement: Exec,
  statement: string,
  { role, costLimit }: Required<Options>,
): Promise<QueryResult> {
  await exec("SET TRANSACTION READ ONLY");
  await exec(`SET LOCAL statement_timeout = ${QUERY_TIMEOUT_MS}`);
  await exec("SET LOCAL search_path = public");
  await becomeReader(exec, role);
  const wrapped = wrap(statement);
  const cost = await estimatedCost(runStatement, wrapped);
  if (cost > costLimit) {
    throw new QueryRefused(
      `This query would take too long to run here (estimated cost ${Math.round(cost).toLocaleString("en-US")}, limit ${costLimit.toLocaleString("en-US")}). Add a WHERE clause or join fewer tables.`,
    );
  }
  const result = await runStatement(wrapped);
  const rows = result.rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, jsonSafe(v)])),
  );
  if (JSON.stringify(rows).length > RESULT_BYTES_LIMIT) {
    throw new QueryRefused(
      "The result is too large to show here (over 1 MB). Select fewer or shorter columns.",
    );
  }
  const columns = result.fields.map((f) => f.name);
  return { columns, rows, rowCount: rows.length };
}

// --- PostgreSQL: the query runs in the app's database, as the reader role ---------------------

const drizzleExec =
  (tx: Pick<Database, "execute">): Exec =>
  async (text) => {
    const result = (await tx.execute(sql.raw(text))) as unknown as {
      rows: Record<string, unknown>[];
      fields?: { name: string }[];
    };
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

/** A transaction as the reader role; ReaderUnavailable when the role is missing or unsafe. */
async function inReaderTransaction<T>(
  db: Database,
  options: Required<Options>,
  work: (exec: Exec) => Promise<T>,
): Promise<T> {
  const attempt = () =>
    db.transaction(async (tx) => {
      const exec = drizzleExec(tx);
      return work(exec);
    });
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

async function runOnPostgres(db: Database, statement: string, options: Required<Options>) {
  try {
    return await inReaderTransaction(db, options, (exec) =>
      runAsReader(exec, exec, statement, options),
    );
  } catch (error) {
    if (sqlState(error) === "57014") throw new QueryTimedOut();
    throw error;
  }
}

// --- PGlite: the query runs on a worker thread, over a copy of the two tables -----------------

type TableCopy = { table: string; columns: string; data: string };

/** The two tables' columns and rows, copied in one transaction of the app's database. */
async function copyTables(db: Database): Promise<TableCopy[]> {
  type Client = {
    transaction<T>(work: (tx: PgliteTx) => Promise<T>): Promise<T>;
  };
  type PgliteTx = {
    query<R>(text: string, params?: unknown[]): Promise<{ rows: R[]; blob?: Blob }>;
  };
  const client = (db as unknown as { $client: Client }).$client;
  return client.transaction(async (tx) => {
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
async function inWorker<T>(
  copies: TableCopy[],
  options: Required<Options>,
  work: (exec: Exec, runStatement: Exec) => Promise<T>,
): Promise<T> {
  return queryWorker.use(async (send: WorkerExec) => {
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
      // A timed-out worker is already gone; its replacement starts clean.
      await exec("ROLLBACK").catch(() => {});
    }
  });
}

async function runOnPglite(db: Database, statement: string, options: Required<Options>) {
  const copies = await copyTables(db);
  try {
    return await inWorker(copies, options, (exec, runStatement) =>
      runAsReader(exec, runStatement, statement, options),
    );
  } catch (error) {
    if (error instanceof StatementTimedOut) throw new QueryTimedOut();
    throw error;
  }
}

// --- What the API and the start-up call ---------------------------------------------------------

const withDefaults = (options: Options): Required<Options> => ({
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
  db: Database,
  text: string,
  options: Options = {},
): Promise<QueryResult> {
  const statement = await checkConsoleQuery(text);
  const settings = withDefaults(options);
  try {
    return engineOf(db) === "pglite"
      ? await runOnPglite(db, statement, settings)
      : await runOnPostgres(db, statement, settings);
  } catch (error) {
    return unavailable(error);
  }
}

/** Whether the box can run here right now, proven the same way a query is (nothing is run). */
export async function consoleQueryStatus(
  db: Database,
  options: Options = {},
): Promise<QueryStatus> {
  const settings = withDefaults(options);
  try {
    if (engineOf(db) === "pglite") {
      await inWorker(
        QUERY_TABLES.map((table) => ({ table, columns: "id text", data: "" })),
        settings,
        (exec) => becomeReader(exec, settings.role),
      );
    } else {
      await inReaderTransaction(db, settings, async (exec) => {
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
export async function describeConsoleQuery(db: Database, options: Options = {}) {
  const settings = withDefaults(options);
  if (engineOf(db) === "pglite") {
    return {
      available: true,
      message: `console SQL box: runs on a worker thread over a copy of ${QUERY_TABLES.join(" and ")}, as ${settings.role} (started on first use)`,
    };
  }
  const status = await consoleQueryStatus(db, options);
  if (status.available)
    return { available: true, message: `console SQL box: available, runs as ${settings.role}` };
  const { rows } = await drizzleExec(db)("SELECT quote_ident(session_user) AS name");
  const appUser = String(rows[0]?.name ?? "<the app's database user>");
  return {
    available: false,
    message: `console SQL box: unavailable: ${status.reason}. To turn it on, a superuser runs: ${readerSetupAdvice(settings.role, appUser)}`,
  };
}
