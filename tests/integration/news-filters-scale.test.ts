import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { newsPageQuery } from "../../app/news/news.server";
import type { NewsFilter } from "../../app/news/news-about";
import { filtering } from "../../app/news/news-about.server";
import { testEngines } from "../support/database";
import { type ScanReport, scansOf } from "../support/explain";

// The news lists' filters on a large table (docs/data.md#indexes): 2,000 posts across 3 games, 5
// kinds and 50 tags, plus a game and a tag with a handful of old posts. The first page of a game's posts, of a tag and of a kind read a bounded number of rows
// through an index, whether the filter is common (read newest first until the page is full) or
// rare (its few rows found by their own index). PostgreSQL only: PGlite plans the same SQL, but
// its plans are not what production runs.

const postgres = testEngines().find((engine) => engine.name === "postgres");
const POSTS = 2_000;
/** Rows a first page may read: far below the table, whatever the filter. */
const BOUND = POSTS / 5;

describe.skipIf(!postgres)("news filters on a large table (postgres)", () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await postgres!.open();
    await handle.db.execute(sql`
      insert into games (title, slug, description, image_url, url, display_order)
      select 'Game ' || g, 'game-' || g, 'D', '/i.svg', 'https://play.example/' || g, g
      from generate_series(1, 3) as g`);
    await handle.db.execute(sql`
      insert into games (title, slug, description, image_url, url, display_order)
      values ('Rare', 'rare-game', 'D', '/i.svg', 'https://play.example/rare', 4)`);
    // Post n, n hours old: kind n % 5, tags n % 50 and (7n + 3) % 50, about game n % 4 (0: the
    // studio); the oldest ten are about the rare game too, the oldest five have the rare tag.
    await handle.db.execute(sql`
      insert into news (title, slug, content, excerpt, kind, version, tags, created_at, updated_at, published_at)
      select 'Post ' || n, 'post-' || n, 'Text ' || n, 'Text ' || n,
        (array['news', 'devlog', 'patch-notes', 'event', 'launch'])[n % 5 + 1],
        case when n % 5 = 2 then '1.' || n || '.0' end,
        array['tag-' || (n % 50), 'tag-' || ((n * 7 + 3) % 50)]
          || case when n > ${POSTS - 5} then array['rare-tag'] else array[]::text[] end,
        now() - n * interval '1 hour', now() - n * interval '1 hour', now() - n * interval '1 hour'
      from generate_series(1, ${POSTS}::int) as n`);
    await handle.db.execute(sql`
      insert into news_games (news_id, game_id, position)
      select news.id, games.id, 0 from news
      join games on games.slug = 'game-' || (substring(news.slug from 6)::int % 4)`);
    await handle.db.execute(sql`
      insert into news_games (news_id, game_id, position)
      select news.id, (select id from games where slug = 'rare-game'), 1 from news
      where substring(news.slug from 6)::int > ${POSTS - 10}`);
    await handle.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => handle?.close());

  /** The first page of /news (and the API) with this filter: what it read, and what it shows. */
  async function firstPage(
    filter: NewsFilter,
    reach?: "reachable",
  ): Promise<ScanReport & { shown: number }> {
    const where = await filtering(handle.db, filter);
    if (!where) throw new Error(`no condition for ${JSON.stringify(filter)}`);
    const query = newsPageQuery(handle.db, { direction: "first" }, undefined, 12, {
      filter: where,
      reach,
    });
    return { ...(await scansOf(handle.db, query)), shown: (await query).length };
  }

  it.each([
    ["a game's posts", { game: "game-1" }, /news_published_at_id_idx|news_games_game_idx/],
    ["a rare game's posts", { game: "rare-game" }, /news_games_game_idx/],
    ["a tag", { tag: "tag-7" }, /news_published_at_id_idx|news_tags_idx/],
    ["a rare tag", { tag: "rare-tag" }, /news_tags_idx/],
    ["a kind", { kind: "patch-notes" }, /news_kind_published_at_idx/],
    [
      "a game's patch notes",
      { game: "game-2", kind: "patch-notes" },
      /news_kind_published_at_idx|news_games_game_idx/,
    ],
  ] as const)(
    "the first page of %s reads a bounded number of rows through an index",
    async (_, filter, index) => {
      const report = await firstPage(filter);
      expect(report.shown).toBeGreaterThan(0);
      expect(report.scans.filter((scan) => scan.startsWith("Seq Scan"))).toEqual([]);
      expect(report.scans.join("\n")).toMatch(index);
      expect(report.rowsRead.news, JSON.stringify(report)).toBeLessThanOrEqual(BOUND);
      expect(report.rowsRead.news_games ?? 0, JSON.stringify(report)).toBeLessThanOrEqual(BOUND);
    },
  );

  it("an unlisted game's own list (its reachable posts) reads as few", async () => {
    await handle.db.execute(sql`update games set visibility = 'unlisted' where slug = 'game-3'`);
    try {
      const report = await firstPage({ game: "game-3" }, "reachable");
      expect(report.shown).toBe(13);
      expect(report.scans.filter((scan) => scan.startsWith("Seq Scan"))).toEqual([]);
      expect(report.rowsRead.news).toBeLessThanOrEqual(BOUND);
    } finally {
      await handle.db.execute(sql`update games set visibility = 'public' where slug = 'game-3'`);
    }
  });
});
