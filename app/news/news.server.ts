import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { news } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import { PAGE_SIZE, type Page, type PageRequest } from "~/platform/paging/cursor";
import { cursorTime, keyset, tablePage, toPage, whereAll } from "~/platform/paging/keyset.server";
import { searchText } from "~/platform/paging/search";
import type { SitemapUrl } from "~/platform/seo/sitemap";
import type { NewsEntry, NewsSummary } from "./news-schema";

function toEntry(row: typeof news.$inferSelect): NewsEntry {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    date: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Newest first; `limit` for Home's latest three. */
export async function listNews(
  db: Database,
  options: { limit?: number } = {},
): Promise<NewsEntry[]> {
  const query = db.select().from(news).orderBy(desc(news.createdAt), desc(news.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map(toEntry);
}

/** The text news search runs on (its GIN index is on this same expression, in the schema). */
export const NEWS_SEARCH_DOCUMENT = sql`to_tsvector('english', ${news.title} || ' ' || ${news.content})`;

/** A reader's search as a full-text condition (words, "quoted phrases", -excluded), or none. */
function matching(search: string | undefined): SQL | undefined {
  const words = searchText(search);
  if (!words) return undefined;
  return sql`${NEWS_SEARCH_DOCUMENT} @@ websearch_to_tsquery('english', ${words})`;
}

// A card's excerpt: the first paragraph, cut well past what three clamped lines show.
const EXCERPT_CHARS = 320;
const excerpt = sql<string>`left(split_part(btrim(${news.content}, ' ' || chr(9) || chr(10) || chr(13)), chr(10), 1), ${sql.raw(String(EXCERPT_CHARS))})`;

/** The query of one page of the news list (exported for the index checks of the scale tests). */
export function newsPageQuery(
  db: Database,
  page: PageRequest,
  search: string | undefined,
  size: number,
) {
  const bounds = keyset({ at: news.createdAt, id: news.id }, page, size);
  return db
    .select({
      id: news.id,
      title: news.title,
      excerpt,
      createdAt: news.createdAt,
      at: cursorTime(news.createdAt),
    })
    .from(news)
    .where(whereAll(matching(search), bounds.where))
    .orderBy(...bounds.orderBy)
    .limit(bounds.limit);
}

/**
 * One page of the news list, newest first, as cards show it (title, date, excerpt; never the whole
 * text), optionally only the items matching a search (docs/product.md#news-list).
 */
export async function listNewsPage(
  db: Database,
  options: { page?: PageRequest; search?: string; size?: number } = {},
): Promise<Page<NewsSummary>> {
  const page = options.page ?? { direction: "first" };
  const size = options.size ?? PAGE_SIZE;
  const rows = await newsPageQuery(db, page, options.search, size);
  return toPage(
    rows.map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: row.excerpt.trim(),
      date: row.createdAt.toISOString(),
      cursor: { at: row.at, id: row.id },
    })),
    page,
    size,
  );
}

/** One page of whole news items, newest first, optionally matching a search: what the API and
 * the admin News tab list (decision 035). */
export function listNewsEntriesPage(
  db: Database,
  options: { page: PageRequest; size: number; search?: string },
) {
  const { page: request, size } = options;
  const where = matching(options.search);
  return tablePage(db, news, { key: news.createdAt, id: news.id, request, size, where }, toEntry);
}

/** How many news items there are. */
export async function countNews(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(news);
  return row?.count ?? 0;
}

/**
 * Part `part` (from 1) of the sitemap's article addresses, oldest first, `size` a part (oldest
 * first, so a part's rows stay put as news is added).
 */
export async function newsSitemapUrls(
  db: Database,
  site: string,
  part: number,
  size: number,
): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: news.id, updatedAt: news.updatedAt })
    .from(news)
    .orderBy(news.createdAt, news.id)
    .limit(size)
    .offset((part - 1) * size);
  return rows.map((row) => ({
    loc: `${site}/news/${row.id}`,
    lastmod: row.updatedAt.toISOString(),
  }));
}

/** The newest items as cards show them (Home's latest three). */
export async function latestNews(db: Database, count: number): Promise<NewsSummary[]> {
  return (await listNewsPage(db, { size: count })).items;
}

/** null for an unknown or malformed id. */
export async function getNews(db: Database, id: string): Promise<NewsEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row ? toEntry(row) : null;
}

export async function createNews(
  db: Database,
  input: { title: string; content: string; createdAt?: Date },
): Promise<NewsEntry> {
  const [row] = await db
    .insert(news)
    .values({
      title: input.title.trim(),
      content: input.content.trim(),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning();
  return toEntry(row!);
}

export type Actor = { id: string; email: string };

const NEWS_GONE = "This news item no longer exists.";

/** Staff: adds a news item and writes the audit log, in one transaction. */
export async function addNews(
  db: Database,
  input: { title: string; content: string },
  actor: Actor,
) {
  return db.transaction(async (tx) => {
    const entry = await createNews(tx as unknown as Database, input);
    await recordStaffAction(tx as unknown as Database, {
      actor,
      action: "news.create",
      subjectType: "news",
      subjectId: entry.id,
      details: { title: entry.title },
    });
    return entry;
  });
}

export async function updateNews(
  db: Database,
  id: string,
  input: { title: string; content: string },
  actor: Actor,
): Promise<NewsEntry> {
  if (!isUuid(id)) throw new AppError("not_found", NEWS_GONE);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(news)
      .set({ title: input.title.trim(), content: input.content.trim(), updatedAt: sql`now()` })
      .where(eq(news.id, id))
      .returning();
    if (!row) throw new AppError("not_found", NEWS_GONE);
    await recordStaffAction(tx as unknown as Database, {
      actor,
      action: "news.update",
      subjectType: "news",
      subjectId: id,
      details: { title: row.title },
    });
    return toEntry(row);
  });
}

export async function deleteNews(db: Database, id: string, actor: Actor): Promise<void> {
  if (!isUuid(id)) throw new AppError("not_found", NEWS_GONE);
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning({ title: news.title });
    if (!row) throw new AppError("not_found", NEWS_GONE);
    await recordStaffAction(tx as unknown as Database, {
      actor,
      action: "news.delete",
      subjectType: "news",
      subjectId: id,
      details: { title: row.title },
    });
  });
}
