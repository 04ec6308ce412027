import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** drizzle/ beside app/ when run from the sources; a compiled server passes its own path. */
export const SOURCE_MIGRATIONS = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** A migration as drizzle-kit's journal lists it: `when` is what the migrations table records. */
export type MigrationEntry = { idx: number; tag: string; when: number };

/** The migrations of a folder, oldest first (drizzle/meta/_journal.json). */
export function readJournal(migrationsFolder = SOURCE_MIGRATIONS): MigrationEntry[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as { entries: MigrationEntry[] };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

/**
 * The SQL that reads a database's schema version: Drizzle's migrator records each applied
 * migration's journal time, and applies those newer than the newest row, so the newest row is the
 * version. Null when nothing was ever applied (no table yet is the caller's error to catch).
 */
export const APPLIED_MIGRATION_SQL =
  "select max(created_at)::text as applied from drizzle.__drizzle_migrations";

/** The journal entry of an applied version, or null when this code does not know it (newer). */
export function migrationAt(
  when: number,
  migrationsFolder = SOURCE_MIGRATIONS,
): MigrationEntry | null {
  return readJournal(migrationsFolder).find((entry) => entry.when === when) ?? null;
}

/**
 * A temporary copy of a migrations folder that ends at the migration made at `when`, so the
 * migrator brings a database to exactly that version (a restore loads an older archive's rows
 * into the schema they were taken from, then applies the rest). The caller removes it.
 */
export function migrationsUpTo(when: number, migrationsFolder = SOURCE_MIGRATIONS): string {
  const entries = readJournal(migrationsFolder);
  const end = entries.findIndex((entry) => entry.when === when);
  if (end === -1) throw new Error(`No migration made at ${when} in ${migrationsFolder}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "studio-migrations-"));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, end + 1);
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
  for (const entry of entries.slice(0, end + 1))
    fs.copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  return folder;
}
