import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "~/db/schema";
import { QUERY_TABLES, querySpecError } from "./query-rules";

/** A console query refused before it reaches the database; the message is shown as it is. */
export class QueryRefused extends Error {
  name = "QueryRefused";
}

export const RECURSIVE_REFUSED = "Recursive queries (WITH RECURSIVE) are not allowed here.";

/**
 * PostgreSQL reads `x.f` and `(expr).f` as the call f(x) when f is no column of x, so a name after
 * a dot is refused unless it is a column (or a name the query gives one).
 */
export const fieldCallRefused = (shown: string) =>
  `${shown} is not allowed here: after a dot PostgreSQL may call a function of that name. Select columns by their names, and name computed columns with AS.`;

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
const TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);
const TABLE_NAMES = new Set<string>([...QUERY_TABLES, ...TABLES.map(getTableName)]);

/** The columns of the two readable tables: the names that may follow a table's name and a dot. */
const QUERY_COLUMNS: ReadonlySet<string> = new Set(
  TABLES.filter((table) => (QUERY_TABLES as readonly string[]).includes(getTableName(table)))
    .flatMap((table) => Object.values(getTableColumns(table)))
    .map((column) => column.name),
);
const isTableName = (name: string) => TABLE_NAMES.has(name) || name.startsWith("pg_");

type Node = Record<string, unknown>;

const stringsOf = (list: unknown) =>
  ((list as { String?: { sval: string } }[] | undefined) ?? []).flatMap((part) =>
    part.String ? [part.String.sval] : [],
  );

/**
 * Every column name the query gives (`AS name`, `alias(a, b)`, `WITH w(a, b)`), with the readable
 * tables' columns and the allowed functions (a subquery's `count(*)` is its column `count`): the
 * names that may follow a dot.
 */
function knownColumns(tree: unknown): ReadonlySet<string> {
  const known = new Set([...QUERY_COLUMNS, ...ALLOWED_FUNCTIONS]);
  const collect = (node: unknown): void => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === "ResTarget" && (value as Node).name) known.add(String((value as Node).name));
      if (key === "colnames" || key === "aliascolnames")
        for (const name of stringsOf(value)) known.add(name);
      collect(value);
    }
  };
  collect(tree);
  return known;
}

/** Refuses `(expr).f` and `x.f` where f is no known column: PostgreSQL would run them as f(x). */
function checkFieldCall(key: string, value: Node, known: ReadonlySet<string>): void {
  if (key === "A_Indirection") {
    const [field] = stringsOf(value.indirection);
    if (field !== undefined) throw new QueryRefused(fieldCallRefused(`(…).${field}`));
  }
  if (key === "ColumnRef") {
    const fields = (value.fields as Node[] | undefined) ?? [];
    const names = stringsOf(fields);
    const last = names.at(-1);
    // One name is only ever a column (or a whole row); `x.*` is no call.
    if (fields.length < 2 || names.length !== fields.length || last === undefined) return;
    if (!known.has(last)) throw new QueryRefused(fieldCallRefused(names.join(".")));
  }
}

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
function visit(node: unknown, scope: ReadonlySet<string>, known: ReadonlySet<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, scope, known);
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
      visit(cte, new Set(names), known);
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
    checkFieldCall(key, value as Node, known);
    if (key === "FuncCall") {
      const name = funcName(value as Node);
      if (!ALLOWED_FUNCTIONS.has(name.replace(/^pg_catalog\./, ""))) {
        throw new QueryRefused(`The function ${name} is not allowed here.`);
      }
    }
    visit(value, inner, known);
  }
}

/**
 * Checks a console query: the spec's three rules, then a real PostgreSQL parse that must find
 * exactly one SELECT reading only profiles and user_roles (and WITH queries in scope), calling
 * only allow-listed functions (by name, never after a dot), with no recursion and no WITH query
 * named like a table. Returns the
 * statement's own text, ready to be wrapped.
 */
export async function checkConsoleQuery(text: string): Promise<string> {
  const specError = querySpecError(text);
  if (specError) throw new QueryRefused(specError);
  let tree: { stmts: { stmt: Node; stmt_location?: number; stmt_len?: number }[] };
  // PostgreSQL's parser is loaded with the first console query, not at start-up.
  const { parse } = await import("libpg-query");
  try {
    tree = await parse(text);
  } catch (error) {
    throw new QueryRefused(`The query is not valid SQL: ${(error as Error).message}`);
  }
  if (tree.stmts.length !== 1) throw new QueryRefused("Run exactly one statement at a time.");
  const [first] = tree.stmts;
  if (!first || !("SelectStmt" in first.stmt))
    throw new QueryRefused("Only SELECT queries are allowed for safety");
  visit(first.stmt, new Set(), knownColumns(first.stmt));
  // The parser counts in UTF-8 bytes, not in JavaScript characters.
  const bytes = Buffer.from(text, "utf8");
  const start = first.stmt_location ?? 0;
  const end = first.stmt_len ? start + first.stmt_len : bytes.length;
  return bytes.subarray(start, end).toString("utf8").trimEnd();
}
