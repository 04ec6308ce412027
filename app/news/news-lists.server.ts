import { desc, type SQL } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { news } from "~/db/schema";
import { isListed } from "~/games";
import { getGameBySlug } from "~/games/index.server";
import { type MediaImage, mediaImages } from "~/media/index.server";
import { PAGE_SIZE, type Page, type PageRequest } from "~/platform/paging/cursor";
import { cursorTime, keyset, tablePage, toPage, whereAll } from "~/platform/paging/keyset.server";
import type { NewsFilter } from "./news-about";
import { filtering, inState, matching } from "./news-conditions.server";
import {
  gamesOfNews,
  kindOf,
  LISTED_NEWS,
  publicEntry,
  REACHABLE_NEWS,
  toEntries,
} from "./news-rows.server";
import type { NewsEntry, NewsGame, NewsState, NewsSummary } from "./news-schema";

// The news lists: the public list's pages (and Home's latest), the feeds' items, the API's and the
// admin tab's pages of whole items.

/**
 * Listed items, newest first, optionally filtered (a feed of a game or a tag); `limit` for Home's
 * latest three. An unlisted game's own feed reads its `reachable` posts.
 */
export async function listNews(
  db: Database,
  options: { limit?: number; filter?: NewsFilter; reach?: "listed" | "reachable" } = {},
): Promise<NewsEntry[]> {
  const where = await filtering(db, options.filter);
  if (where === null) return [];
  const query = db
    .select()
    .from(news)
    .where(whereAll(options.reach === "reachable" ? REACHABLE_NEWS : LISTED_NEWS, where))
    .orderBy(desc(news.publishedAt), desc(news.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return toEntries(db, rows);
}

/** The query of one page of the news list (exported for the index checks of the scale tests). */
export function newsPageQuery(
  db: Database,
  page: PageRequest,
  search: string | undefined,
  size: number,
  where: { filter?: SQL; reach?: "listed" | "reachable" } = {},
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
    .where(
      whereAll(
        where.reach === "reachable" ? REACHABLE_NEWS : LISTED_NEWS,
        where.filter,
        matching(search),
        bounds.where,
      ),
    )
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
    reach?: "listed" | "reachable";
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
 * One page of /news with its filters (docs/product.md#news-list), and the game its filter names as
 * guests know it: a listed game only (the list never shows another game's posts, and a hidden
 * game's name is not given away), else null and no post.
 */
export async function readNewsList(
  db: Database,
  options: { page: PageRequest; search: string; filter: NewsFilter },
): Promise<Page<NewsSummary> & { game: NewsGame | null }> {
  const { filter } = options;
  if (!filter.game) return { ...(await listNewsPage(db, options)), game: null };
  const found = await getGameBySlug(db, filter.game);
  if (!found || !isListed(found)) return { items: [], newer: null, older: null, game: null };
  const game = { id: found.id, slug: found.slug, title: found.title };
  const page = await listNewsPage(db, { ...options, filter: { ...filter, game: game.id } });
  return { ...page, game };
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
          where: whereAll(LISTED_NEWS, matching(options.search), filter),
        },
        (row) => row,
      );
  const entries = await toEntries(db, page.items);
  return { ...page, items: staff ? entries : entries.map(publicEntry) };
}

/** The newest items as cards show them (Home's latest three). */
export async function latestNews(db: Database, count: number): Promise<NewsSummary[]> {
  return (await listNewsPage(db, { size: count })).items;
}
