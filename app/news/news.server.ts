import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { news } from "~/db/schema";
import { type MediaImage, mediaImages, renderWithMedia } from "~/media/index.server";
import { SQL_NOW } from "~/platform/clock/clock.server";
import { markdown } from "~/platform/markdown/lazy.server";
import type { DroppedImage } from "~/platform/markdown/markdown-rules.server";
import { PAGE_SIZE, type Page, type PageRequest } from "~/platform/paging/cursor";
import { cursorTime, keyset, tablePage, toPage, whereAll } from "~/platform/paging/keyset.server";
import { searchText } from "~/platform/paging/search";
import type { SitemapUrl } from "~/platform/seo/sitemap";
import type { NewsFilter } from "./news-about";
import {
  filtering,
  gamesOfNews,
  LISTED_NEWS,
  type ListReach,
  PUBLISHED,
  REACHABLE_NEWS,
  reachWhere,
} from "./news-about.server";
import { kindOf, publicEntry, toEntries } from "./news-entry.server";
import type { NewsEntry, NewsState, NewsSummary } from "./news-schema";

// The news feature's reads: the public lists and pages, the admin list, one item, an item's HTML.
// A row as an entry is in news-entry.server.ts, what a post is about and who may see it in
// news-about.server.ts, an article page's reads in news-article.server.ts, the writes in
// news-writes.server.ts.

/** The admin list's state filter as a condition. */
function inState(state: NewsState | undefined): SQL | undefined {
  if (state === "draft") return sql`${news.publishedAt} is null`;
  if (state === "scheduled") return sql`${news.publishedAt} > ${SQL_NOW}`;
  if (state === "published") return PUBLISHED;
  return undefined;
}

/**
 * Listed items, newest first, optionally filtered (a feed of a game or a tag); `limit` for Home's
 * latest three. An unlisted game's own feed reads its `reachable` posts.
 */
export async function listNews(
  db: Database,
  options: { limit?: number; filter?: NewsFilter; reach?: ListReach } = {},
): Promise<NewsEntry[]> {
  const where = await filtering(db, options.filter);
  if (where === null) return [];
  const query = db
    .select()
    .from(news)
    .where(whereAll(reachWhere(options.reach), where))
    .orderBy(desc(news.publishedAt), desc(news.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return toEntries(db, rows);
}

/** The text news search runs on (its GIN index is on this same expression, in the schema). */
export const NEWS_SEARCH_DOCUMENT = sql`to_tsvector('english', ${news.title} || ' ' || ${news.content})`;

/** A reader's search as a full-text condition (words, "quoted phrases", -excluded), or none. */
function matching(search: string | undefined): SQL | undefined {
  const words = searchText(search);
  if (!words) return undefined;
  return sql`${NEWS_SEARCH_DOCUMENT} @@ websearch_to_tsquery('english', ${words})`;
}

/** The query of one page of the news list (exported for the index checks of the scale tests). */
export function newsPageQuery(
  db: Database,
  page: PageRequest,
  search: string | undefined,
  size: number,
  where: { filter?: SQL; reach?: ListReach } = {},
) {
  const bounds = keyset({ at: news.publishedAt, id: news.id }, page, size);
  return db
    .select({
      id: news.id,
      slug: news.slug,
      title: news.title,
      excerpt: news.excerpt,
      publishedAt: news.publishedAt,
      coverImage: news.coverImage,
      coverAlt: news.coverAlt,
      kind: news.kind,
      version: news.version,
      at: cursorTime(news.publishedAt),
    })
    .from(news)
    .where(whereAll(reachWhere(where.reach), where.filter, matching(search), bounds.where))
    .orderBy(...bounds.orderBy)
    .limit(bounds.limit);
}

/**
 * One page of the news list, newest first, as cards show it (title, date, excerpt, cover; never
 * the whole text), optionally only the items matching a search (docs/product.md#news-list). The
 * page's covers come in one query of the media library; one gone from it is left out.
 */
export async function listNewsPage(
  db: Database,
  options: {
    page?: PageRequest;
    search?: string;
    size?: number;
    filter?: NewsFilter;
    reach?: ListReach;
  } = {},
): Promise<Page<NewsSummary>> {
  const page = options.page ?? { direction: "first" };
  const size = options.size ?? PAGE_SIZE;
  const filter = await filtering(db, options.filter);
  if (filter === null) return { items: [], newer: null, older: null };
  const rows = await newsPageQuery(db, page, options.search, size, {
    filter,
    reach: options.reach,
  });
  const coverIds = rows.flatMap((row) => row.coverImage ?? []);
  const [covers, about] = await Promise.all([
    coverIds.length ? mediaImages(db, coverIds) : new Map<string, MediaImage>(),
    gamesOfNews(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return toPage(
    rows.map((row) => {
      const image = row.coverImage ? covers.get(row.coverImage) : undefined;
      return {
        id: row.id,
        slug: row.slug,
        title: row.title,
        excerpt: row.excerpt.trim(),
        date: row.publishedAt!.toISOString(),
        kind: kindOf(row.kind),
        version: row.version,
        games: about.get(row.id) ?? [],
        cover: image ? { image, alt: row.coverAlt ?? "" } : null,
        cursor: { at: row.at, id: row.id },
      };
    }),
    page,
    size,
  );
}

/**
 * One page of whole news items, optionally matching a search and filters: for the API, the listed
 * ones newest first; for the admin News tab (`staff`), every item by the date it shows, newest
 * first: published and scheduled ones by their publication as /news orders them, drafts by when
 * they were written; optionally only those in one state.
 */
export async function listNewsEntriesPage(
  db: Database,
  options: {
    page: PageRequest;
    size: number;
    search?: string;
    filter?: NewsFilter;
    /** The public's: listed posts, or those guests may open (an unlisted game's own list). */
    reach?: ListReach;
    staff?: { state?: NewsState };
  },
): Promise<Page<NewsEntry>> {
  const { page: request, size, staff } = options;
  const filter = await filtering(db, options.filter);
  if (filter === null) return { items: [], newer: null, older: null };
  const page = staff
    ? await tablePage(
        db,
        news,
        {
          key: news.listedAt,
          id: news.id,
          request,
          size,
          where: whereAll(matching(options.search), inState(staff.state), filter),
        },
        (row) => row,
      )
    : await tablePage(
        db,
        news,
        {
          key: news.publishedAt,
          id: news.id,
          request,
          size,
          where: whereAll(reachWhere(options.reach), matching(options.search), filter),
        },
        (row) => row,
      );
  const entries = await toEntries(db, page.items);
  return { ...page, items: staff ? entries : entries.map(publicEntry) };
}

/** How many published news items there are. */
export async function countNews(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(news).where(PUBLISHED);
  return row?.count ?? 0;
}

/** The next moment a scheduled item goes public, or null when none is scheduled. */
export async function nextPublication(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${news.publishedAt})` })
    .from(news)
    .where(sql`${news.publishedAt} > ${SQL_NOW}`);
  return row?.at ? new Date(row.at) : null;
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
    .select({ slug: news.slug, updatedAt: news.updatedAt })
    .from(news)
    .where(LISTED_NEWS)
    .orderBy(news.publishedAt, news.id)
    .limit(size)
    .offset((part - 1) * size);
  return rows.map((row) => ({
    loc: `${site}/news/${row.slug}`,
    lastmod: row.updatedAt.toISOString(),
  }));
}

/** The newest items as cards show them (Home's latest three). */
export async function latestNews(db: Database, count: number): Promise<NewsSummary[]> {
  return (await listNewsPage(db, { size: count })).items;
}

/** Any item, whatever its state, by id (null for an unknown or malformed id). */
export async function getNews(db: Database, id: string): Promise<NewsEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row ? ((await toEntries(db, [row]))[0] ?? null) : null;
}

/** A published item by id that guests may open, as the public API shows one. */
export async function getPublishedNews(db: Database, id: string): Promise<NewsEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(news)
    .where(and(eq(news.id, id), REACHABLE_NEWS));
  const [entry] = row ? await toEntries(db, [row]) : [];
  return entry ? publicEntry(entry) : null;
}

/** An item's HTML: Markdown rendered safely with its images from the media library, or the old
 * plain text a paragraph per line. */
export async function renderNewsContent(
  db: Database,
  entry: Pick<NewsEntry, "format" | "content">,
  siteUrl?: string,
  /** Collects the images shown as their alt text (the editor's preview says so). */
  dropped?: DroppedImage[],
): Promise<string> {
  if (entry.format === "text") return (await markdown()).renderPlainText(entry.content);
  return renderWithMedia(db, entry.content, siteUrl, dropped);
}
