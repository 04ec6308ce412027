import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games, news, newsGames } from "~/db/schema";
import { GAME_LISTED, GAME_REACHABLE, resolveGameRefs } from "~/games/index.server";
import { type MediaImage, mediaImages, renderWithMedia } from "~/media/index.server";
import { clockNow, SQL_NOW } from "~/platform/clock/clock.server";
import { markdown } from "~/platform/markdown/lazy.server";
import type { DroppedImage } from "~/platform/markdown/markdown-rules.server";
import { PAGE_SIZE, type Page, type PageRequest } from "~/platform/paging/cursor";
import { cursorTime, keyset, tablePage, toPage, whereAll } from "~/platform/paging/keyset.server";
import { searchText } from "~/platform/paging/search";
import type { SitemapUrl } from "~/platform/seo/sitemap";
import { SLUG_PATTERN } from "~/platform/seo/slug";
import { isNewsKind, type NewsFilter, type NewsKind } from "./news-about";
import type { NewsEntry, NewsGame, NewsState, NewsSummary } from "./news-schema";

// The news feature's reads: the public lists and pages, the admin list, one item, an article
// rendered. The writes are in news-writes.server.ts.

/** Where an item stands at `now`: a draft has no publication time. */
export function stateAt(publishedAt: Date | null, now = clockNow().getTime()): NewsState {
  if (!publishedAt) return "draft";
  return publishedAt.getTime() > now ? "scheduled" : "published";
}

type NewsRow = typeof news.$inferSelect;

/** A row as the feature hands it out (the writes answer with it too), with the games it is about. */
export function toEntry(row: NewsRow, about: NewsGame[] = []): NewsEntry {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    // The item's date: when it went (or goes) public; a draft's, when it was written.
    date: (row.publishedAt ?? row.createdAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    slug: row.slug,
    excerpt: row.excerpt,
    format: row.format === "text" ? "text" : "markdown",
    state: stateAt(row.publishedAt),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    coverImage: row.coverImage,
    coverAlt: row.coverAlt,
    games: about,
    kind: kindOf(row.kind),
    version: row.version,
    tags: row.tags,
    mailLists: row.mailLists,
  };
}

// The table's CHECK constraint holds it to the kinds.
const kindOf = (kind: string): NewsKind => (isNewsKind(kind) ? kind : "news");

/** The games each of these posts is about, in the order staff gave them (one query). */
export async function gamesOfNews(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, NewsGame[]>> {
  const about = new Map<string, NewsGame[]>();
  if (ids.length === 0) return about;
  const rows = await db
    .select({ newsId: newsGames.newsId, id: games.id, slug: games.slug, title: games.title })
    .from(newsGames)
    .innerJoin(games, eq(games.id, newsGames.gameId))
    .where(inArray(newsGames.newsId, [...ids]))
    .orderBy(asc(newsGames.position), asc(games.title));
  for (const { newsId, ...game } of rows) about.set(newsId, [...(about.get(newsId) ?? []), game]);
  return about;
}

/** Rows as entries, their games read in one query. */
export async function toEntries(db: Database, rows: NewsRow[]): Promise<NewsEntry[]> {
  const about = await gamesOfNews(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toEntry(row, about.get(row.id)));
}

/** An entry as the public sees it: which lists it is mailed to is the staff's business. */
export function publicEntry(entry: NewsEntry): NewsEntry {
  const { mailLists: _lists, ...shown } = entry;
  return shown;
}

/** Only what the public may see: items whose publication time has come. */
export const PUBLISHED = sql`(${news.publishedAt} is not null and ${news.publishedAt} <= ${SQL_NOW})`;

/**
 * A published post that names no game guests may not see listed (docs/product.md#game-visibility):
 * what the lists, feeds, sitemap, mails and announcements show. A post about an unlisted game is
 * reachable (by its address) but not listed; one about a draft or not yet announced game is hidden.
 */
export const LISTED_NEWS = sql`(${PUBLISHED} and not exists (select 1 from ${newsGames} join ${games} on ${games.id} = ${newsGames.gameId} where ${newsGames.newsId} = ${news.id} and not ${GAME_LISTED}))`;
export const REACHABLE_NEWS = sql`(${PUBLISHED} and not exists (select 1 from ${newsGames} join ${games} on ${games.id} = ${newsGames.gameId} where ${newsGames.newsId} = ${news.id} and not ${GAME_REACHABLE}))`;

/** Who may see an article: anyone in lists, anyone by its address, or staff only. */
export type NewsReach = "listed" | "unlisted" | "hidden";

/**
 * Which posts a list reads: those listed; those reachable by address (an unlisted game's own
 * pages and feed); or every published one (a hidden game's pages, which only staff open).
 */
export type ListReach = "listed" | "reachable" | "published";

export const reachWhere = (reach: ListReach = "listed"): SQL =>
  reach === "published" ? PUBLISHED : reach === "reachable" ? REACHABLE_NEWS : LISTED_NEWS;

/** The posts about one game (by its id). */
export const aboutGame = (gameId: string): SQL =>
  sql`exists (select 1 from ${newsGames} where ${newsGames.newsId} = ${news.id} and ${newsGames.gameId} = ${gameId})`;

/**
 * A list's filters as conditions: a kind, a game (its id, resolved from the id or slug asked for;
 * null when no game has it: the list is empty), a tag.
 */
async function filtering(db: Database, filter: NewsFilter = {}): Promise<SQL | undefined | null> {
  let gameId: string | undefined;
  if (filter.game) {
    const { ids } = await resolveGameRefs(db, [filter.game]);
    if (!ids[0]) return null;
    gameId = ids[0];
  }
  return whereAll(
    filter.kind ? eq(news.kind, filter.kind) : undefined,
    gameId ? aboutGame(gameId) : undefined,
    filter.tag ? sql`${news.tags} @> array[${filter.tag}]::text[]` : undefined,
  );
}

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

/**
 * An article page's item by its address, whatever its state (the page decides who may see it);
 * an old `/news/<id>` address finds the item too, to be redirected to its slug.
 */
export async function findNewsByAddress(db: Database, address: string): Promise<NewsEntry | null> {
  return (await findArticle(db, address))?.entry ?? null;
}

/** An item by its address with who may see it now (listed, by address, staff only). */
async function findArticle(
  db: Database,
  address: string,
): Promise<{ entry: NewsEntry; reach: NewsReach } | null> {
  const [found] = await db
    .select({
      row: news,
      listed: sql<boolean>`${LISTED_NEWS}`,
      reachable: sql<boolean>`${REACHABLE_NEWS}`,
    })
    .from(news)
    .where(
      isUuid(address) ? or(eq(news.slug, address), eq(news.id, address)) : eq(news.slug, address),
    )
    .limit(1);
  if (!found) return null;
  const [entry] = await toEntries(db, [found.row]);
  const reach: NewsReach = found.listed ? "listed" : found.reachable ? "unlisted" : "hidden";
  return entry ? { entry, reach } : null;
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

/**
 * An article page's parts: the item (whatever its state: the page decides who sees it), its HTML
 * and its cover.
 */
export async function readArticle(
  runtime: { db: Database; env: { SITE_URL: string } },
  address: string,
): Promise<{
  article: NewsEntry;
  /** Who may see it now: a published post about a hidden game is the staff's only. */
  reach: NewsReach;
  html: string;
  cover: { image: MediaImage; alt: string } | null;
} | null> {
  const { db, env } = runtime;
  // Nothing else can name an item: no query (a NUL in the address made the database refuse it, a
  // 500 found by fuzzing).
  if (!SLUG_PATTERN.test(address) && !isUuid(address)) return null;
  const found = await findArticle(db, address);
  if (!found) return null;
  const { entry: article, reach } = found;
  const [html, covers] = await Promise.all([
    renderNewsContent(db, article, env.SITE_URL),
    article.coverImage ? mediaImages(db, [article.coverImage]) : null,
  ]);
  const image = article.coverImage ? covers?.get(article.coverImage) : undefined;
  return { article, reach, html, cover: image ? { image, alt: article.coverAlt ?? "" } : null };
}
