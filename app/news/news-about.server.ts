import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games, news, newsGames } from "~/db/schema";
import { GAME_LISTED, GAME_REACHABLE, resolveGameRefs } from "~/games/index.server";
import { SQL_NOW } from "~/platform/clock/clock.server";
import { whereAll } from "~/platform/paging/keyset.server";
import type { NewsFilter } from "./news-about";
import type { NewsGame } from "./news-schema";

// What a post is about, as the database reads it (docs/product.md#news-about-games): its games,
// who may see it (a post follows the visibility of its games), and the lists' filters by game,
// kind and tag. The rules themselves are browser-safe, in news-about.ts.

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
 * null when no game has it: the list is empty), a tag. Each has its index (news_games_game_idx,
 * news_kind_published_at_idx, the tags' GIN index), which the planner takes when the filter is
 * rare and reads newest first otherwise: a first page reads a few rows either way
 * (tests/integration/news-filters-scale.test.ts).
 */
export async function filtering(
  db: Database,
  filter: NewsFilter = {},
): Promise<SQL | undefined | null> {
  let gameId = filter.gameId;
  if (!gameId && filter.game) {
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
