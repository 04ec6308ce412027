import { and, eq, getTableName, like, ne, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/database.server";
import { AppError } from "~/platform/errors/app-error";
import { SLUG_MAX, slugify } from "./slug";

// Unique readable addresses for a table with a unique `slug` column (news, games): made from the
// title unless staff typed one, `-2`, `-3`… added to a made one that is taken, a typed one that is
// taken refused on the form's slug field.

/** The table whose rows the slugs name: its slug and id columns. */
export type SlugColumns = { table: PgTable; slug: PgColumn; id: PgColumn };

/** `wanted`, or `wanted-2`, `wanted-3`… : the first no other row (but `exceptId`) uses. */
export async function freeSlug(
  db: Database,
  columns: SlugColumns,
  wanted: string,
  exceptId?: string,
): Promise<string> {
  const rows = await db
    .select({ slug: columns.slug })
    .from(columns.table)
    .where(
      and(
        or(eq(columns.slug, wanted), like(columns.slug, `${wanted}-%`)),
        exceptId ? ne(columns.id, exceptId) : undefined,
      ),
    );
  const used = new Set(rows.map((row) => String(row.slug)));
  if (!used.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const candidate = `${wanted.slice(0, SLUG_MAX - String(n).length - 1)}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * The slug a write stores: the typed one when it is free (else a `conflict` on the field `slug`
 * saying `taken`), or one made from the title (`fallback` when the title has no letters or digits).
 * Call it inside the write's transaction: it holds a lock on the table's slugs until the transaction
 * ends, so two writes at once cannot pick the same one.
 */
export async function chooseSlug(
  db: Database,
  columns: SlugColumns,
  choice: { typed?: string; title: string; fallback: string; exceptId?: string; taken: string },
): Promise<string> {
  const lock = `slugs of ${getTableName(columns.table)}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}))`);
  if (choice.typed) {
    if ((await freeSlug(db, columns, choice.typed, choice.exceptId)) !== choice.typed)
      throw new AppError("conflict", choice.taken, { field: "slug" });
    return choice.typed;
  }
  return freeSlug(db, columns, slugify(choice.title, choice.fallback), choice.exceptId);
}
