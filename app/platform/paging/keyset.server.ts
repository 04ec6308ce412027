import { and, asc, desc, type InferSelectModel, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/database.server";
import type { Cursor, Page, PageRequest } from "./cursor";
import { encodeCursor } from "./cursor";

// The SQL half of keyset paging (./cursor.ts): the order, the row-value comparison an index on
// (time desc, id desc) answers, and the page built from one row more than it shows.

/** A position (an integer order) as a cursor keeps it. */
export function cursorPosition(column: AnyPgColumn): SQL<string> {
  return sql<string>`${column}::text`;
}

/** The ordering time as a cursor keeps it: UTC text to the microsecond, so no row is skipped. */
export function cursorTime(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

type KeysetColumns = { at: AnyPgColumn; id: AnyPgColumn };

/**
 * The WHERE, ORDER BY and LIMIT of one page. A list runs newest first (`"desc"`, a time) or in its
 * own order (`"asc"`, a position); "older" is the next page either way. The rows before a cursor
 * are read the other way round, to be reversed by `toPage`. One row more than `size` tells whether
 * more follow.
 */
export function keyset(
  columns: KeysetColumns,
  request: PageRequest,
  size: number,
  order: "desc" | "asc" = "desc",
) {
  const { at, id } = columns;
  const forward = order === "desc" ? [desc(at), desc(id)] : [asc(at), asc(id)];
  const backward = order === "desc" ? [asc(at), asc(id)] : [desc(at), desc(id)];
  if (request.direction === "first") return { where: undefined, orderBy: forward, limit: size + 1 };
  const { cursor } = request;
  const row = sql`(${at}, ${id})`;
  // The key's and the id's own types: the cursor was checked against them when it was decoded.
  const bound = sql`(${cursor.at}::${sql.raw(at.getSQLType())}, ${cursor.id}::${sql.raw(id.getSQLType())})`;
  const [next, previous] = order === "desc" ? ["<", ">"] : [">", "<"];
  return request.direction === "older"
    ? { where: sql`${row} ${sql.raw(next)} ${bound}`, orderBy: forward, limit: size + 1 }
    : { where: sql`${row} ${sql.raw(previous)} ${bound}`, orderBy: backward, limit: size + 1 };
}

/** ANDs a list's own filters with the page's bound. */
export function whereAll(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length ? and(...present) : undefined;
}

/**
 * The page from the rows a `keyset` query returned (each with its cursor), newest first, with the
 * cursors of the pages beside it.
 */
export function toPage<R extends { cursor: Cursor }>(
  rows: R[],
  request: PageRequest,
  size: number,
): Page<Omit<R, "cursor">> {
  return pageOf(
    rows.map(({ cursor, ...item }) => ({ item, cursor })),
    request,
    size,
  );
}

/** `toPage` over items kept apart from their cursors, so an item's own fields are never touched. */
function pageOf<T>(
  rows: { item: T; cursor: Cursor }[],
  request: PageRequest,
  size: number,
): Page<T> {
  const more = rows.length > size;
  const shown = rows.slice(0, size);
  if (request.direction === "newer") shown.reverse();
  const first = shown[0];
  const last = shown.at(-1);
  const hasNewer = request.direction === "older" || (request.direction === "newer" && more);
  const hasOlder = request.direction === "newer" || more;
  return {
    items: shown.map((row) => row.item),
    newer: hasNewer && first ? encodeCursor(first.cursor) : null,
    older: hasOlder && last ? encodeCursor(last.cursor) : null,
  };
}

export type Bounds = ReturnType<typeof keyset>;

/**
 * One page of a list in one call: the bounds of `request`, the rows `read` selects within them (each
 * with its key as `at`), each turned into an item by `item`, and the cursors beside the page.
 */
export async function keysetPage<R extends { at: string }, T>(options: {
  columns: KeysetColumns;
  request: PageRequest;
  size: number;
  order?: "desc" | "asc";
  read: (bounds: Bounds) => Promise<R[]>;
  item: (row: R) => T;
  id: (row: R) => string;
}): Promise<Page<T>> {
  const { columns, request, size, order } = options;
  const rows = await options.read(keyset(columns, request, size, order));
  const withCursors = rows.map((row) => ({
    item: options.item(row),
    cursor: { at: row.at, id: options.id(row) },
  }));
  return pageOf(withCursors, request, size);
}

/**
 * One page of a whole table's rows in one call (the API's lists): ordered by `key` (a time, newest
 * first, or a position with `order: "asc"`) and `id`, each row turned into an item by `item`.
 */
export function tablePage<Table extends PgTable, T>(
  db: Database,
  table: Table,
  options: {
    key: AnyPgColumn;
    id: AnyPgColumn;
    request: PageRequest;
    size: number;
    order?: "desc" | "asc";
    /** Only the rows that match (a search). */
    where?: SQL;
  },
  item: (row: InferSelectModel<Table>) => T,
): Promise<Page<T>> {
  const { key, id, request, size, order } = options;
  const at = key.getSQLType().startsWith("timestamp") ? cursorTime(key) : cursorPosition(key);
  return keysetPage({
    columns: { at: key, id },
    request,
    size,
    order,
    read: async (bounds) =>
      (await db
        .select({ row: table as PgTable, at, rowId: sql<string>`${id}::text` })
        .from(table as PgTable)
        .where(whereAll(options.where, bounds.where))
        .orderBy(...bounds.orderBy)
        .limit(bounds.limit)) as { row: InferSelectModel<Table>; at: string; rowId: string }[],
    item: ({ row }) => item(row),
    id: ({ rowId }) => rowId,
  });
}
