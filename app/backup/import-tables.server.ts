import type { Readable } from "node:stream";
import { AppError } from "~/platform/errors/app-error";
import type { ArchiveReader } from "./archive-reader.server";
import { countRows, listTables } from "./catalog.server";
import type { Manifest, TableEntry } from "./manifest.server";
import { ident, type Session } from "./session.server";

// Loading the archive's rows into a database migrated to the archive's schema version, in one
// transaction: each table after those it refers to, a batch of lines per statement, each value
// through its type's input function; then the sequences, then every table's count is checked.

const BATCH_ROWS = 1_000;
const BATCH_BYTES = 4 * 1024 * 1024;

/** The lines of a member, decoded as UTF-8 across chunk boundaries. */
async function* memberLines(stream: Readable): AsyncGenerator<string> {
  stream.setEncoding("utf8");
  let rest = "";
  for await (const chunk of stream as AsyncIterable<string>) {
    const text = rest + chunk;
    const lines = text.split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line) yield line;
  }
  if (rest) yield rest;
}

function insertStatement(table: TableEntry): string {
  const columns = table.columns.map((column) => ident(column.name)).join(", ");
  const values = table.columns
    .map((column, index) => `(e.value->>${index})::${column.type}`)
    .join(", ");
  return `insert into public.${ident(table.name)} (${columns}) overriding system value
            select ${values} from json_array_elements($1::json) as e`;
}

/** Refuses an archive whose tables are not the ones this schema version has, column for column. */
function sameTables(
  manifest: Manifest,
  target: { name: string; columns: TableEntry["columns"] }[],
) {
  const archived = new Map(manifest.tables.map((table) => [table.name, table]));
  const differ = (why: string) =>
    new AppError(
      "unprocessable",
      `The archive's tables do not match its schema version (${why}); nothing was restored.`,
      { code: "archive_mismatch" },
    );
  if (target.length !== archived.size) throw differ("a different set of tables");
  for (const table of target) {
    const entry = archived.get(table.name);
    if (!entry) throw differ(`no ${table.name}`);
    if (JSON.stringify(entry.columns) !== JSON.stringify(table.columns))
      throw differ(`the columns of ${table.name}`);
  }
}

export type ImportProgress = (step: { done: number; bytes: number }) => void;

export async function importTables(
  session: Session,
  archive: ArchiveReader,
  manifest: Manifest,
  progress: ImportProgress,
): Promise<void> {
  const target = await listTables(session);
  sameTables(manifest, target);
  const archived = new Map(manifest.tables.map((table) => [table.name, table]));
  await session.query("set constraints all deferred");
  for (const [done, { name }] of target.entries()) {
    const table = archived.get(name)!;
    const statement = insertStatement(table);
    let batch: string[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await session.query(statement, [`[${batch.join(",")}]`]);
      progress({ done, bytes: batchBytes });
      batch = [];
      batchBytes = 0;
    };
    for await (const line of memberLines(await archive.read(table.member))) {
      batch.push(line);
      // Each line and its newline, as the member's byte count has them.
      batchBytes += Buffer.byteLength(line) + 1;
      if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) await flush();
    }
    await flush();
  }
  for (const sequence of manifest.sequences)
    await session.query(`select setval($1::regclass, $2::bigint, true)`, [
      `public.${ident(sequence.name)}`,
      sequence.value,
    ]);
  for (const table of manifest.tables) {
    const rows = await countRows(session, table.name);
    if (rows !== table.rows)
      throw new AppError(
        "unprocessable",
        `The table ${table.name} holds ${rows} rows after the restore where the archive counted ${table.rows}; nothing was restored.`,
        { code: "count_mismatch" },
      );
  }
}
