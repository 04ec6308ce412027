import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { PGlite } from "@electric-sql/pglite";
import { games, media, news, newsGames, siteSettings } from "../app/db/schema";
const db = drizzle(new PGlite());
const ids = Array.from({ length: 13 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
const builders: Record<string, () => unknown> = {
  settings: () => db.select({ text: sql<string>`${siteSettings.values}::text` }).from(siteSettings).limit(1).toSQL(),
  media: () => db.select().from(media).where(inArray(media.id, ids)).toSQL(),
  newsGames: () => db.select({ newsId: newsGames.newsId, id: games.id, slug: games.slug, title: games.title }).from(newsGames).innerJoin(games, eq(games.id, newsGames.gameId)).where(inArray(newsGames.newsId, ids.slice(0, 4))).orderBy(newsGames.newsId).toSQL(),
  news: () => db.select({ id: news.id, slug: news.slug, title: news.title, excerpt: news.excerpt, kind: news.kind }).from(news).where(and(eq(news.kind, "news"), sql`${news.publishedAt} <= now()`)).orderBy(desc(news.publishedAt), desc(news.id)).limit(4).toSQL(),
};
for (let round = 0; round < 2; round++)
  for (const [name, build] of Object.entries(builders)) {
    for (let i = 0; i < 2000; i++) build();
    const c0 = process.cpuUsage(); const N = 20000;
    for (let i = 0; i < N; i++) build();
    const c = process.cpuUsage(c0);
    console.log(round, name.padEnd(10), (((c.user + c.system) / N)).toFixed(1), "µs");
  }
