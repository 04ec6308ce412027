import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { parse } from "libpg-query";
import * as schema from "~/db/schema";
import { QUERY_TABLES, querySpecError } from "./query-rules";

/** A console query refused before it reaches the database; the message is shown as it is. */
export class QueryRefused extends Error {
  name = "QueryRefused";
}

export const RECURSIVE_REFUSED = "Recursive queries (WITH RECURSIVE) are not allowed here.";

export const cteShadowRefused = (name: string) =>
  `A WITH query may not take the name of a table (${name}). Give it another name.`;

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
  "JsonTable",
  "IntoClause",
  "LockingClause",
  "CallStmt",
  "DoStmt",
  "CopyStmt",
]);

/**
 * Names a WITH query may not take: every table of our schema, the two readable ones included, and
 * the system catalogs (pg_*), which resolve without a schema. A name like these would make a
 * reference ambiguous to a reader of the query, and to any checker that gets scoping wrong.
 */
const TABLE_NAMES = new Set<string>([
  ...QUERY_TABLES,
  ...(Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table)),
]);
const isTableName = (name: string) => TABLE_NAMES.has(name) || name.startsWith("pg_");

type Node = Record<string, unknown>;

const funcName = (value: Node) =>
  ((value.funcname as { String?: { sval: string } }[] | undefined) ?? [])
    .map((part) => part.String?.sval ?? "")
    .join(".");

function checkRangeVar(value: Node, scope: ReadonlySet<string>): void {
  const table = String(value.relname);
  const schemaName = value.schemaname ? String(value.schemaname) : null;
  const catalog = value.catalogname ? String(value.catalogname) : null;
  // An unqualified name is a WITH query only where one of that name is in scope, as PostgreSQL
  // resolves it; anywhere else it is a table and must be one of the two.
  if (schemaName === null && catalog === null && scope.has(table)) return;
  const allowed =
    (QUERY_TABLES as readonly string[]).includes(table) &&
    catalog === null &&
    (schemaName === null || schemaName === "public");
  if (!allowed) {
    const shown = [catalog, schemaName, table].filter(Boolean).join(".");
    throw new QueryRefused(
      `The table ${shown} cannot be queried here. Try profiles or user_roles.`,
    );
  }
}

/**
 * Walks the whole tree, carrying the WITH names in scope: a WITH query is visible in the SELECT
 * that defines it (all its clauses, subqueries and set-operation arms) and in the WITH queries
 * after it, never in its own body or before it.
 */
function visit(node: unknown, scope: ReadonlySet<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, scope);
    return;
  }
  if (!node || typeof node !== "object") return;
  const object = node as Node;
  let inner = scope;
  const withClause = object.withClause as { ctes?: unknown[]; recursive?: boolean } | undefined;
  if (withClause) {
    if (withClause.recursive) throw new QueryRefused(RECURSIVE_REFUSED);
    const names = new Set(scope);
    for (const item of withClause.ctes ?? []) {
      const cte = ((item as Node).CommonTableExpr ?? {}) as Node;
      const name = String(cte.ctename);
      if (isTableName(name)) throw new QueryRefused(cteShadowRefused(name));
      visit(cte, new Set(names));
      names.add(name);
    }
    inner = names;
  }
  for (const [key, value] of Object.entries(object)) {
    if (key === "withClause") continue;
    if (
      FORBIDDEN_NODES.has(key) ||
      // Clause keys are lower-case fields holding such nodes.
      (key === "lockingClause" && Array.isArray(value) && value.length > 0) ||
      (key === "intoClause" && value)
    ) {
      throw new QueryRefused("Only plain reads of profiles and user_roles are allowed.");
    }
    if (key === "RangeVar") checkRangeVar(value as Node, inner);
    if (key === "FuncCall") {
      const name = funcName(value as Node);
      if (!ALLOWED_FUNCTIONS.has(name.replace(/^pg_catalog\./, ""))) {
        throw new QueryRefused(`The function ${name} is not allowed here.`);
      }
    }
    visit(value, inner);
  }
}

/**
 * Checks a console query: the spec's three rules, then a real PostgreSQL parse that must find
 * exactly one SELECT reading only profiles and user_roles (and WITH queries in scope), calling
 * only allow-listed functions, with no recursion and no WITH query named like a table. Returns the
 * statement's own text, ready to be wrapped.
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
  visit(first.stmt, new Set());
  // The parser counts in UTF-8 bytes, not in JavaScript characters.
  const bytes = Buffer.from(text, "utf8");
  const start = first.stmt_location ?? 0;
  const end = first.stmt_len ? start + first.stmt_len : bytes.length;
  return bytes.subarray(start, end).toString("utf8").trimEnd();
}
