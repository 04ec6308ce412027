import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { news } from "~/db/schema";
import { type MediaImage, mediaImages, renderWithMedia } from "~/media/index.server";
import { SQL_NOW } from "~/platform/clock/clock.server";
import { markdown } from "~/platform/markdown/lazy.server";
import type { DroppedImage } from "~/platform/markdown/markdown-rules.server";
import type { SitemapUrl } from "~/platform/seo/sitemap";
import { SLUG_PATTERN } from "~/platform/seo/slug";
import {
  LISTED_NEWS,
  type NewsReach,
  PUBLISHED,
  publicEntry,
  REACHABLE_NEWS,
  toEntries,
} from "./news-rows.server";
import type { NewsEntry } from "./news-schema";

// The news feature's reads of one item (an article, the API's item, the editor's), its counts and
// the sitemap's addresses. Rows and who may see them are in news-rows.server.ts, the lists in
// news-lists.server.ts, the writes in news-writes.server.ts; the names below stay importable here.
export { NEWS_SEARCH_DOCUMENT } from "./news-conditions.server";
export {
  latestNews,
  listNews,
  listNewsEntriesPage,
  listNewsPage,
  newsPageQuery,
  readNewsList,
} from "./news-lists.server";
export {
  gamesOfNews,
  LISTED_NEWS,
  type NewsReach,
  PUBLISHED,
  publicEntry,
  REACHABLE_NEWS,
  stateAt,
  toEntries,
  toEntry,
} from "./news-rows.server";

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
