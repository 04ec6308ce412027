import type { QueryResult } from "./console-schemas";
import { QueryRefused } from "./sql-check.server";
import { becomeReader, type Exec } from "./sql-reader.server";

// What every console query goes through on either engine (./sql-query.server.ts): its limits, its
// errors, and the steps once its transaction is open.

export const QUERY_ROW_LIMIT = 10;
export const QUERY_TIMEOUT_MS = 2_000;
/**
 * The planner's estimate above which a query is refused before it runs: about a second of work
 * on PostgreSQL, well past any read of two tables of a studio's size.
 */
export const QUERY_COST_LIMIT = 1_000_000;
/** What the console shows of a result, as JSON. */
export const RESULT_BYTES_LIMIT = 1_000_000;

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

/**
 * After the rollback: the session holds no advisory lock (session locks outlive a rollback) and is
 * back to its own user. A session that fails this is not used again.
 */
export async function sessionIsClean(exec: Exec): Promise<boolean> {
  const { rows } = await exec(
    `SELECT NOT EXISTS (SELECT 1 FROM pg_locks WHERE pid = pg_backend_pid() AND locktype = 'advisory')
      AND current_user = session_user AS clean`,
  );
  return rows[0]?.clean === true;
}

/** A query's settings: the reader role it runs as and the plan cost it may reach. */
export type ReaderOptions = { role: string; costLimit: number };

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
export async function runAsReader(
  exec: Exec,
  runStatement: Exec,
  statement: string,
  { role, costLimit }: ReaderOptions,
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
