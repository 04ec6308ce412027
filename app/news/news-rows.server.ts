import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games, news, newsGames } from "~/db/schema";
import { GAME_LISTED, GAME_REACHABLE } from "~/games/index.server";
import { clockNow, SQL_NOW } from "~/platform/clock/clock.server";
import { isNewsKind, type NewsKind } from "./news-about";
import type { NewsEntry, NewsGame, NewsState } from "./news-schema";

// A news row as the feature hands it out (its state, its games), and who may see it: the ground
// every read and write of the feature stands on.

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
export const kindOf = (kind: string): NewsKind => (isNewsKind(kind) ? kind : "news");

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
