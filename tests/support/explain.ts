import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../app/db/database.server";

/** The rows of a raw query, on either engine (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The plan PostgreSQL (or PGlite) chooses for a query builder, as EXPLAIN's text lines. */
export async function explain(db: Database, query: SQLWrapper): Promise<string> {
  const rows = await queryRows<Record<string, string>>(db, sql`explain ${query.getSQL()}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}
