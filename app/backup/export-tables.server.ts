import type { ArchiveWriter } from "./archive-writer.server";
import type { CatalogTable } from "./catalog.server";
import type { TableEntry } from "./manifest.server";
import { ident, type Session } from "./session.server";

// A table's rows as JSON lines, `db/<table>.jsonl`: one JSON array per row, each column's value
// as its text (null for NULL) in the manifest's column order. The text is what the type's own
// output function gives, so every type (timestamps to the microsecond, arrays, jsonb, bytea,
// NaN and infinities) comes back exactly through its input function, on either engine.

const BATCH = 1_000;

export const tableMember = (table: string) => `db/${table}.jsonl`;

/** Every line of a table, read through a cursor so no table is held whole in memory. */
async function* tableLines(
  session: Session,
  table: CatalogTable,
  counted: { rows: number },
): AsyncGenerator<string> {
  const values = table.columns.map((column) => `${ident(column.name)}::text`).join(", ");
  await session.query(
    `declare backup_rows no scroll cursor for
       select to_json(array[${values}]::text[])::text as line from public.${ident(table.name)}`,
  );
  try {
    for (;;) {
      const rows = await session.query<{ line: string }>(`fetch ${BATCH} from backup_rows`);
      if (rows.length === 0) return;
      counted.rows += rows.length;
      yield `${rows.map((row) => row.line).join("\n")}\n`;
    }
  } finally {
    // After a failed statement the transaction refuses this too; the first error is the one told.
    await session.query("close backup_rows").catch(() => {});
  }
}

/** `done`: the tables already whole before this one's bytes. */
export type ExportProgress = (step: { done: number; bytes: number }) => void;

/** Writes each table (in the catalog's order) into the archive; what the manifest lists of them. */
export async function exportTables(
  session: Session,
  tables: CatalogTable[],
  writer: ArchiveWriter,
  progress: ExportProgress,
): Promise<TableEntry[]> {
  const entries: TableEntry[] = [];
  for (const [done, table] of tables.entries()) {
    const counted = { rows: 0 };
    const member = tableMember(table.name);
    let reported = 0;
    const lines = async function* () {
      for await (const chunk of tableLines(session, table, counted)) {
        const bytes = Buffer.byteLength(chunk);
        reported += bytes;
        progress({ done, bytes });
        yield chunk;
      }
    };
    const digest = await writer.add(member, lines());
    if (digest.bytes !== reported)
      throw new Error(`${member}: ${reported} bytes read, ${digest.bytes} written`);
    entries.push({
      name: table.name,
      columns: table.columns,
      rows: counted.rows,
      member,
      ...digest,
    });
  }
  return entries;
}
