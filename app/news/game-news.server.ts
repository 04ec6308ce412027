import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games, news, newsGames } from "~/db/schema";
import { isListed, isReachable } from "~/games";
import { GAME_LISTED } from "~/games/index.server";
import type { SitemapUrl } from "~/platform/seo/sitemap";
import type { PatchNote } from "./game-news";
import { listNewsPage } from "./news.server";
import { isNewsKind, NEWS_KINDS, type NewsKind } from "./news-about";
import { aboutGame, LISTED_NEWS, type ListReach, reachWhere } from "./news-about.server";
import type { NewsSummary } from "./news-schema";

// A game's news (docs/product.md#a-games-news): the section of its page, its own news page's kinds,
// and the sitemap's game news pages. Each read follows the game's visibility: a listed game shows
// its listed posts; an unlisted one (open by its address) its reachable ones; a hidden one, which
// only staff open, every published one.

/** How many posts and patch notes the game page shows. */
export const GAME_PAGE_NEWS = 3;
export const GAME_PAGE_PATCH_NOTES = 5;

/** Which posts a game's pages and feed read, by who may see the game. */
export function gameNewsReach(game: Parameters<typeof isListed>[0]): ListReach {
  if (isListed(game)) return "listed";
  return isReachable(game) ? "reachable" : "published";
}

/** A game's patch notes, newest first (the kind's index, with the public order, serves it). */
export function patchNotesQuery(db: Database, gameId: string, limit: number, reach: ListReach) {
  return db
    .select({
      slug: news.slug,
      title: news.title,
      version: news.version,
      publishedAt: news.publishedAt,
    })
    .from(news)
    .where(and(eq(news.kind, "patch-notes"), reachWhere(reach), aboutGame(gameId)))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit);
}

/** A game's newest patch notes, as its page lists them. */
export async function listPatchNotes(
  db: Database,
  gameId: string,
  limit: number,
  reach: ListReach = "listed",
): Promise<PatchNote[]> {
  const rows = await patchNotesQuery(db, gameId, limit, reach);
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    // The table's CHECK holds patch notes to a version; an empty one never shows.
    version: row.version ?? "",
    date: row.publishedAt!.toISOString(),
  }));
}

/** The game page's news: its newest posts as cards, and its newest patch notes. */
export async function readGameNews(
  db: Database,
  game: { id: string } & Parameters<typeof isListed>[0],
): Promise<{ items: NewsSummary[]; patchNotes: PatchNote[] }> {
  const reach = gameNewsReach(game);
  const [page, patchNotes] = await Promise.all([
    listNewsPage(db, { size: GAME_PAGE_NEWS, filter: { gameId: game.id }, reach }),
    listPatchNotes(db, game.id, GAME_PAGE_PATCH_NOTES, reach),
  ]);
  return { items: page.items, patchNotes };
}

/** The kinds of a game's posts, in the kinds' own order: its news page's filter offers these. */
export async function gameNewsKinds(
  db: Database,
  gameId: string,
  reach: ListReach,
): Promise<NewsKind[]> {
  const rows = await db
    .selectDistinct({ kind: news.kind })
    .from(news)
    .where(and(reachWhere(reach), aboutGame(gameId)));
  const found = new Set(rows.map((row) => row.kind).filter(isNewsKind));
  return NEWS_KINDS.filter((kind) => found.has(kind));
}

/**
 * The sitemap's game news pages (`/games/<slug>/news`): listed games with listed posts, in the
 * catalogue's order, each last changed when its newest post was published or edited.
 */
export async function gameNewsSitemapUrls(db: Database, site: string): Promise<SitemapUrl[]> {
  const rows = await db
    .select({
      slug: games.slug,
      lastmod: sql<Date | string>`max(greatest(${news.publishedAt}, ${news.updatedAt}))`,
    })
    .from(games)
    .innerJoin(newsGames, eq(newsGames.gameId, games.id))
    .innerJoin(news, eq(news.id, newsGames.newsId))
    .where(and(GAME_LISTED, LISTED_NEWS))
    .groupBy(games.id, games.slug, games.displayOrder)
    .orderBy(asc(games.displayOrder), asc(games.id));
  return rows.map((row) => ({
    loc: `${site}/games/${row.slug}/news`,
    lastmod: new Date(row.lastmod).toISOString(),
  }));
}
