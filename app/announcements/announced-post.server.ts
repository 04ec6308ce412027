import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type AnnouncementHook, news } from "~/db/schema";
import { imageSrc, mediaImages } from "~/media/index.server";
import { gamesOfNews, LISTED_NEWS } from "~/news/index.server";
import type { AnnouncedPost } from "./payloads.server";

// Which post a hook shows and which hooks announce it (docs/product.md#announcements): a post is
// public to hooks while it is listed, and a game's hooks announce the posts about their game.

/**
 * The post as hooks show it, or null when it is gone; public while it is listed (published, and
 * about no game guests may not see listed: docs/product.md#game-visibility).
 */
export async function announcedPost(db: Database, siteUrl: string, id: string) {
  const [found] = await db
    .select({ row: news, listed: sql<boolean>`${LISTED_NEWS}` })
    .from(news)
    .where(eq(news.id, id));
  if (!found) return null;
  const { row } = found;
  const [covers, about] = await Promise.all([
    row.coverImage ? mediaImages(db, [row.coverImage]) : null,
    gamesOfNews(db, [row.id]),
  ]);
  const cover = row.coverImage ? covers?.get(row.coverImage) : undefined;
  const games = about.get(row.id) ?? [];
  const post: AnnouncedPost = {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    url: new URL(`/news/${row.slug}`, siteUrl).href,
    cover: cover ? new URL(imageSrc(cover), siteUrl).href : null,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
    games: games.map((game) => ({
      id: game.id,
      slug: game.slug,
      title: game.title,
      url: new URL(`/games/${game.slug}`, siteUrl).href,
    })),
    kind: row.kind,
    version: row.version,
    tags: row.tags,
  };
  return {
    post,
    isPublic: Boolean(found.listed),
    publishedAt: row.publishedAt,
    gameIds: games.map((game) => game.id),
  };
}

/**
 * Whether a hook shows a public post: the studio's hooks every post, a game's hooks the posts about
 * that game (a post no longer about it is taken down there). One it does not show yet only when
 * published since the hook was added (a new hook does not replay the archive).
 */
export function announces(
  hook: AnnouncementHook,
  post: { publishedAt: Date | null; gameIds: string[] },
  shown: boolean,
): boolean {
  if (hook.gameId !== null && !post.gameIds.includes(hook.gameId)) return false;
  return shown || (post.publishedAt !== null && post.publishedAt >= hook.createdAt);
}
