import { inArray, isNotNull, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games, media, news } from "../../app/db/schema";
import { listNews } from "../../app/news/news.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { seedDemo } from "../../app/runtime/demo.server";
import { readSettings } from "../../app/settings/index.server";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// The demo (`npm run demo`, `studio db seed --demo`): with the storage, its games' artwork is
// uploaded as card image and key art, the news about a game takes it as cover, Home features
// the first game and its press kit has ten screenshots; without it (the browser tests' seed), none
// of that.

describe.each(testEngines())("the demo seed on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate news, games, media, site_settings cascade`);
  });

  it("uploads each game's artwork, covers the news that names it, and features the first game", async () => {
    const first = await seedDemo(handle.db, { storage: context.get(runtimeContext).storage });
    expect(first.pictures).toBe(first.games + 10);
    const pictured = await handle.db.select().from(games).where(isNotNull(games.keyArt));
    expect(pictured).toHaveLength(first.games);
    for (const game of pictured) {
      expect(game.cardImage).toBe(game.keyArt);
      expect(game.keyArtAlt).toBe(`${game.title} key art`);
    }
    // The first game's gallery: ten distinct uploads, each with its own words, none the key art.
    const gallery = pictured.find((game) => game.title === "Lantern Keeper")?.gallery ?? [];
    expect(gallery).toHaveLength(10);
    expect(new Set(gallery.map((shot) => shot.image)).size).toBe(10);
    expect(new Set(gallery.map((shot) => shot.alt)).size).toBe(10);
    const shots = await handle.db
      .select()
      .from(media)
      .where(
        inArray(
          media.id,
          gallery.map((shot) => shot.image),
        ),
      );
    for (const shot of shots) expect([shot.width, shot.height]).toEqual([960, 540]);
    for (const game of pictured.filter((g) => g.title !== "Lantern Keeper"))
      expect(game.gallery).toEqual([]);
    const covered = await handle.db.select().from(news).where(isNotNull(news.coverImage));
    expect(covered.length).toBeGreaterThan(0);
    for (const item of covered) expect(item.coverAlt).toMatch(/ key art$/);
    const settings = await readSettings(handle.db);
    expect(pictured.find((game) => game.id === settings.featuredGame)?.title).toBe(
      "Lantern Keeper",
    );
    // Twice changes nothing.
    const uploads = (await handle.db.select().from(media)).length;
    expect(await seedDemo(handle.db, { storage: context.get(runtimeContext).storage })).toEqual({
      news: 0,
      games: 0,
      pictures: 0,
      settings: false,
    });
    expect(await handle.db.select().from(media)).toHaveLength(uploads);
  });

  it("ties the demo posts to the demo games, each of a fitting kind with a few tags", async () => {
    await seedDemo(handle.db);
    const posts = await listNews(handle.db);
    const about = Object.fromEntries(
      posts.map((post) => [
        post.kind,
        { games: post.games.map((game) => game.title), version: post.version },
      ]),
    );
    expect(about).toMatchObject({
      "patch-notes": { games: ["Lantern Keeper"], version: "1.2.0" },
      devlog: { games: ["Tidewright"], version: null },
      launch: { games: ["Hollow Orchard"], version: null },
      event: { games: ["Tidewright"], version: null },
      news: { games: [], version: null },
    });
    for (const post of posts) {
      expect(post.tags.length, post.title).toBeGreaterThan(0);
      expect(post.tags.length, post.title).toBeLessThanOrEqual(3);
    }
    // The studio's list of a game's posts finds them (the game page's "All news about …").
    const tidewright = posts.find((post) => post.kind === "devlog")!.games[0]!;
    expect(
      (await listNews(handle.db, { filter: { game: tidewright.slug } })).map((post) => post.kind),
    ).toEqual(["devlog", "event"]);
  });

  it("without the storage adds no picture and features nothing", async () => {
    const added = await seedDemo(handle.db);
    expect(added.pictures).toBe(0);
    expect(await handle.db.select().from(media)).toEqual([]);
    expect((await readSettings(handle.db)).featuredGame).toBe("");
  });
});
