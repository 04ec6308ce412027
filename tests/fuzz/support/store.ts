import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../../../app/db/database.server";
import { markersIn } from "./inputs";
import type { Engine } from "./server";

// What the server stored, seen from outside it. On PostgreSQL the suite reads the database directly
// (row count and a hash of every row per table). PGlite allows one process per data directory, so
// while the server runs the suite reads row counts through the developers' own read-only endpoint
// (GET /api/v1/stats); once the server has stopped it opens the directory and reads every row.

/** Table name → "count" or "count:hash of the rows". */
export type Fingerprint = Record<string, string>;

/** Counters every request may bump by design (per-address limits), refused or not. */
export const ALWAYS_CHANGING = new Set(["rate_limits"]);

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

async function tables(db: DatabaseHandle["db"]): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return (rowsOf(result) as { table_name: string }[]).map((r) => r.table_name);
}

async function fingerprintOf(db: DatabaseHandle["db"]): Promise<Fingerprint> {
  const names = (await tables(db)).filter((name) => !ALWAYS_CHANGING.has(name));
  const query = names
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${name}" t`,
    )
    .join(" union all ");
  const result = await db.execute(sql.raw(query));
  return Object.fromEntries(
    (rowsOf(result) as { name: string; n: number; h: string }[]).map((r) => [
      r.name,
      `${r.n}:${r.h}`,
    ]),
  );
}

/** Every marker number found in any stored row, with the tables it was found in. */
async function markersOf(db: DatabaseHandle["db"]): Promise<Map<number, Set<string>>> {
  const found = new Map<number, Set<string>>();
  for (const name of await tables(db)) {
    const result = await db.execute(sql.raw(`select t::text as row from "${name}" t`));
    for (const { row } of rowsOf(result) as { row: string }[]) {
      for (const id of markersIn(row)) {
        if (!found.has(id)) found.set(id, new Set());
        found.get(id)!.add(name);
      }
    }
  }
  return found;
}

export type Store = {
  /** Fingerprint of every table while the server runs. */
  fingerprint(): Promise<Fingerprint>;
  /** Markers stored anywhere; on PGlite only after the server has stopped. */
  storedMarkers(): Promise<Map<number, Set<string>>>;
  close(): Promise<void>;
};

export async function openStore(
  engine: Engine,
  statsViaApi: () => Promise<Fingerprint>,
): Promise<Store> {
  if (engine.name === "postgres") {
    const handle = await openDatabase({ engine: "postgres", url: engine.url, poolSize: 2 });
    return {
      fingerprint: () => fingerprintOf(handle.db),
      storedMarkers: () => markersOf(handle.db),
      close: () => handle.close(),
    };
  }
  return {
    fingerprint: statsViaApi,
    async storedMarkers() {
      const handle = await openDatabase({
        engine: "pglite",
        dataDir: path.join(engine.dataDir, "db"),
      });
      try {
        return await markersOf(handle.db);
      } finally {
        await handle.close();
      }
    },
    close: async () => {},
  };
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
