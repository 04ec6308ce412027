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

/** One node of a plan as `EXPLAIN (ANALYZE, FORMAT JSON)` gives it. */
type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

/** What a query did when run: each table's scans, and the rows each read (kept or filtered out). */
export type ScanReport = { scans: string[]; rowsRead: Record<string, number> };

/**
 * Runs the query under `EXPLAIN (ANALYZE, FORMAT JSON)` and reports its scans ("Index Scan on news
 * using news_published_at_id_idx") and, per table, how many rows its scans read: the rows they
 * passed on and those their filters dropped, over every loop.
 */
export async function scansOf(db: Database, query: SQLWrapper): Promise<ScanReport> {
  const [row] = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    db,
    sql`explain (analyze, format json) ${query.getSQL()}`,
  );
  const report: ScanReport = { scans: [], rowsRead: {} };
  const visit = (node: PlanNode) => {
    const table = node["Relation Name"];
    // A bitmap scan names its index in a node of its own, without the table.
    if (!table && node["Index Name"])
      report.scans.push(`${node["Node Type"]} using ${node["Index Name"]}`);
    if (table) {
      const index = node["Index Name"] ? ` using ${node["Index Name"]}` : "";
      report.scans.push(`${node["Node Type"]} on ${table}${index}`);
      const read =
        node["Actual Rows"] +
        (node["Rows Removed by Filter"] ?? 0) +
        (node["Rows Removed by Index Recheck"] ?? 0);
      report.rowsRead[table] = (report.rowsRead[table] ?? 0) + read * node["Actual Loops"];
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(row!["QUERY PLAN"][0].Plan);
  return report;
}
