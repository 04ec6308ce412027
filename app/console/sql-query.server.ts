import { sql } from "drizzle-orm";
import { parse } from "libpg-query";
import type { Database } from "~/db/database.server";
import { QUERY_TABLES, querySpecError } from "./query-rules";

export const QUERY_ROW_LIMIT = 10;
export const QUERY_TIMEOUT_MS = 2_000;
const READER_ROLE = "studio_console_reader";

/** Functions a console query may call: aggregates and plain text/date helpers, nothing that reaches outside. */
const ALLOWED_FUNCTIONS = new Set([
  "count",
  "sum",
  "avg",
  "min",
  "max",
  "lower",
  "upper",
  "length",
  "char_length",
  "concat",
  "btrim",
  "ltrim",
  "rtrim",
  "substring",
  "left",
  "right",
  "date_trunc",
  "date_part",
  "to_char",
  "string_agg",
  "array_agg",
  "bool_and",
  "bool_or",
  "greatest",
  "least",
  "now",
]);

/** Node kinds that read or change anything beyond a plain SELECT over named tables. */
const FORBIDDEN_NODES = new Set([
  "InsertStmt",
  "UpdateStmt",
  "DeleteStmt",
  "MergeStmt",
  "RangeFunction",
  "RangeTableFunc",
  "RangeTableSample",
  "IntoClause",
  "LockingClause",
  "CallStmt",
  "DoStmt",
  "CopyStmt",
]);

export class QueryRefused extends Error {
  name = "QueryRefused";
}

type Node = Record<string, unknown>;

function walk(node: unknown, visit: (kind: string, value: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (!node || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (/^[A-Z]/.test(key) && value && typeof value === "object") visit(key, value as Node);
    // Clause keys (lockingClause, intoClause) are lower-case fields holding such nodes.
    if (key === "lockingClause" && Array.isArray(value) && value.length > 0)
      visit("LockingClause", {});
    if (key === "intoClause" && value) visit("IntoClause", value as Node);
    walk(value, visit);
  }
}

const funcName = (value: Node) =>
  ((value.funcname as { String?: { sval: string } }[] | undefined) ?? [])
    .map((part) => part.String?.sval ?? "")
    .join(".");

/**
 * Checks a console query: the spec's three rules, then a real PostgreSQL parse that must find
 * exactly one SELECT reading only profiles and user_roles (and CTEs it defines itself), calling
 * only allow-listed functions. Returns the statement's own text, ready to be wrapped.
 */
export async function checkConsoleQuery(text: string): Promise<string> {
  const specError = querySpecError(text);
  if (specError) throw new QueryRefused(specError);
  let tree: { stmts: { stmt: Node; stmt_location?: number; stmt_len?: number }[] };
  try {
    tree = await parse(text);
  } catch (error) {
    throw new QueryRefused(`The query is not valid SQL: ${(error as Error).message}`);
  }
  if (tree.stmts.length !== 1) throw new QueryRefused("Run exactly one statement at a time.");
  const [first] = tree.stmts;
  if (!first || !("SelectStmt" in first.stmt))
    throw new QueryRefused("Only SELECT queries are allowed for safety");

  const cteNames = new Set<string>();
  walk(first.stmt, (kind, value) => {
    if (kind === "CommonTableExpr") cteNames.add(String(value.ctename));
  });
  walk(first.stmt, (kind, value) => {
    if (FORBIDDEN_NODES.has(kind))
      throw new QueryRefused("Only plain reads of profiles and user_roles are allowed.");
    if (kind === "RangeVar") {
      const table = String(value.relname);
      const schema = value.schemaname ? String(value.schemaname) : null;
      const known =
        (QUERY_TABLES as readonly string[]).includes(table) &&
        (schema === null || schema === "public");
      if (!known && !(schema === null && cteNames.has(table))) {
        throw new QueryRefused(
          `The table ${schema ? `${schema}.` : ""}${table} cannot be queried here. Try profiles or user_roles.`,
        );
      }
    }
    if (kind === "FuncCall") {
      const name = funcName(value);
      if (!ALLOWED_FUNCTIONS.has(name.replace(/^pg_catalog\./, ""))) {
        throw new QueryRefused(`The function ${name} is not allowed here.`);
      }
    }
  });
  const start = first.stmt_location ?? 0;
  return first.stmt_len ? text.slice(start, start + first.stmt_len) : text.slice(start);
}

const readerRoles = new WeakMap<Database, Promise<boolean>>();

/**
 * Where the engine allows it, a role that can only read the two tables; the query runs as it.
 * Returns false (and the parser checks alone guard the query) when the database user may not
 * create or grant roles.
 */
export function ensureReaderRole(db: Database): Promise<boolean> {
  const known = readerRoles.get(db);
  if (known) return known;
  const setUp = (async () => {
    try {
      await db.execute(
        sql.raw(`DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${READER_ROLE}') THEN CREATE ROLE ${READER_ROLE} NOLOGIN; END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`),
      );
      await db.execute(sql.raw(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${READER_ROLE}`));
      await db.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${READER_ROLE}`));
      await db.execute(sql.raw(`GRANT SELECT ON ${QUERY_TABLES.join(", ")} TO ${READER_ROLE}`));
      await db.execute(sql.raw(`GRANT ${READER_ROLE} TO CURRENT_USER`));
      return true;
    } catch {
      return false;
    }
  })();
  readerRoles.set(db, setUp);
  return setUp;
}

export type QueryResult = {
  columns: string[];
  rows: Record<string, unknown>[];
  rowCount: number;
  readerRole: boolean;
};

function jsonSafe(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

/** Runs a checked query read-only, as the reader role, with a timeout, returning at most 10 rows. */
export async function runConsoleQuery(db: Database, text: string): Promise<QueryResult> {
  const statement = await checkConsoleQuery(text);
  const asReader = await ensureReaderRole(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw("SET TRANSACTION READ ONLY"));
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${QUERY_TIMEOUT_MS}`));
    await tx.execute(sql.raw("SET LOCAL search_path = public"));
    if (asReader) await tx.execute(sql.raw(`SET LOCAL ROLE ${READER_ROLE}`));
    const result = (await tx.execute(
      sql.raw(`SELECT * FROM (\n${statement}\n) AS console_query LIMIT ${QUERY_ROW_LIMIT}`),
    )) as unknown as { rows: Record<string, unknown>[]; fields?: { name: string }[] };
    const rows = result.rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, jsonSafe(v)])),
    );
    const columns = result.fields?.map((f) => f.name) ?? Object.keys(rows[0] ?? {});
    return { columns, rows, rowCount: rows.length, readerRole: asReader };
  });
}
