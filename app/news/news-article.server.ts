import { eq, or, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { news } from "~/db/schema";
import { type MediaImage, mediaImages } from "~/media/index.server";
import { SLUG_PATTERN } from "~/platform/seo/slug";
import { LISTED_NEWS, type NewsReach, REACHABLE_NEWS } from "./news-about.server";
import { toEntries } from "./news-entry.server";
import { newsHtml } from "./news-html.server";
import type { NewsEntry } from "./news-schema";

// An article page's reads: its item by address, whatever its state, with who may see it now (the
// page decides what to show), its HTML and its cover.

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
): Promise<{ entry: NewsEntry; reach: NewsReach; row: typeof news.$inferSelect } | null> {
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
  return entry ? { entry, reach, row: found.row } : null;
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
  const { entry: article, reach, row } = found;
  const [html, covers] = await Promise.all([
    newsHtml(db, row, env.SITE_URL),
    article.coverImage ? mediaImages(db, [article.coverImage]) : null,
  ]);
  const image = article.coverImage ? covers?.get(article.coverImage) : undefined;
  return { article, reach, html, cover: image ? { image, alt: article.coverAlt ?? "" } : null };
}
