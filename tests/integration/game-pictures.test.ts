import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games, media, news } from "../../app/db/schema";
import { listGameCards, readFeaturedGame, readGamePage } from "../../app/games/game-reads.server";
import { GAME_PAGE_RULES } from "../../app/games/game-schema";
import { getGameBySlug, updateGame } from "../../app/games/games.server";
import { imageSrc } from "../../app/media/media-limits";
import { listNewsPage } from "../../app/news/news.server";
import type { FormReply } from "../../app/platform/forms/submission.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as gamesRoute from "../../app/routes/games";
import * as home from "../../app/routes/home";
import * as newsRoute from "../../app/routes/news";
import { outcome, request, signedInAs } from "../support/accounts";
import { postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// A game's uploaded card image and key art (docs/product.md#games), saved through the admin form
// and read back by the pages; news covers on the news list and Home's Latest News.

const SITE = { SITE_URL: "http://localhost:3000" };

const card = (title: string, extra: Record<string, string> = {}) => ({
  title,
  description: `${title}: a small handmade game.`,
  imageUrl: "",
  status: "Coming Soon",
  url: "https://play.example/game",
  cardImage: "",
  cardImageAlt: "",
  keyArt: "",
  keyArtAlt: "",
  gallery: "[]",
  ...extra,
});

describe.each(testEngines())("game pictures and news covers on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let developer: { id: string; email: string; cookie: string };
  let adminUser: { id: string; email: string; cookie: string };

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    developer = await signedInAs(context, "developer");
    adminUser = await signedInAs(context, "admin");
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate games, media, news, staff_audit_log cascade`);
  });

  const act = (form: Record<string, string>, cookie = developer.cookie) =>
    postAdmin(context, form, cookie);
  const errorsOf = (body: unknown) => (body as FormReply).error;
  const loaded = async (module: { loader: (args: never) => unknown }, path: string) =>
    (await outcome(() => module.loader({ request: request(path), context, params: {} } as never)))
      .body as Record<string, unknown>;

  /** Uploads as the media library keeps them: a wide picture at three widths. */
  async function uploaded(count: number): Promise<string[]> {
    const rows = await handle.db
      .insert(media)
      .values(
        Array.from({ length: count }, () => ({
          width: 2400,
          height: 1350,
          widths: [480, 960, 1600],
        })),
      )
      .returning({ id: media.id });
    return rows.map((row) => row.id);
  }

  it("saves an uploaded card image and key art with their alt text and reads them back on every page", async () => {
    const [cardImage, keyArt, shot] = await uploaded(3);
    const saved = await act({
      intent: "game-create",
      ...card("Tidewright", {
        cardImage: cardImage!,
        cardImageAlt: "A lighthouse keeper at dusk",
        keyArt: keyArt!,
        keyArtAlt: "The lamp over a stormy sea",
        gallery: JSON.stringify([{ image: shot, alt: "The harbour" }]),
      }),
    });
    expect(saved.status).toBe(200);
    const game = (await getGameBySlug(handle.db, "tidewright"))!;
    expect(game).toMatchObject({
      imageUrl: "",
      cardImage,
      cardImageAlt: "A lighthouse keeper at dusk",
      keyArt,
      keyArtAlt: "The lamp over a stormy sea",
    });

    // /games: the card's upload at every stored width.
    const [listed] = (await loaded(gamesRoute, "/games")).games as Awaited<
      ReturnType<typeof listGameCards>
    >;
    expect(listed!.card).toEqual({
      source: "upload",
      alt: "A lighthouse keeper at dusk",
      image: expect.objectContaining({
        id: cardImage,
        widths: [480, 960, 1600],
        width: 1600,
        height: 900,
      }),
    });
    // Home: the same cards, the first few.
    expect((await loaded(home, "/")).games).toEqual([listed]);

    // The game page and a featured game: the key art; the trailer's poster is the first screenshot.
    const page = (await readGamePage({ db: handle.db, env: SITE }, "tidewright"))!;
    expect(page.keyArt).toMatchObject({ source: "upload", alt: "The lamp over a stormy sea" });
    expect(page.keyArt?.source === "upload" && imageSrc(page.keyArt.image)).toBe(
      `/media/${keyArt}/1600.webp`,
    );
    const featured = (await readFeaturedGame(handle.db, game.id))!;
    expect(featured.keyArt).toEqual(page.keyArt);
    expect(featured.poster).toMatchObject({ source: "screenshot", alt: "The harbour" });
    expect(await readFeaturedGame(handle.db, "tidewright")).toBeNull();
    expect(await readFeaturedGame(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("falls back to the first screenshot when the uploads are removed, and keeps stored ones a request leaves out", async () => {
    const [cardImage, shot] = await uploaded(2);
    const gallery = JSON.stringify([{ image: shot, alt: "The harbour" }]);
    await act({
      intent: "game-create",
      ...card("Starling", { cardImage: cardImage!, cardImageAlt: "A starling", gallery }),
    });
    const game = (await getGameBySlug(handle.db, "starling"))!;

    // An API client that predates the pictures leaves them out: they stay.
    const {
      cardImage: _c,
      cardImageAlt: _a,
      keyArt: _k,
      keyArtAlt: _ka,
      visibility: _v,
      announceAt: _at,
      ...older
    } = game;
    await updateGame(handle.db, game.id, { ...older, imageUrl: "" }, developer);
    expect(await getGameBySlug(handle.db, "starling")).toMatchObject({
      cardImage,
      cardImageAlt: "A starling",
    });

    // The form sends it empty: removed, with its alt text; the card and key art fall back.
    expect(
      (await act({ intent: "game-update", id: game.id, ...card("Starling", { gallery }) })).status,
    ).toBe(200);
    expect(await getGameBySlug(handle.db, "starling")).toMatchObject({
      cardImage: null,
      cardImageAlt: null,
    });
    const [listed] = await listGameCards(handle.db);
    expect(listed!.card).toMatchObject({ source: "screenshot", alt: "The harbour" });
    const page = (await readGamePage({ db: handle.db, env: SITE }, "starling"))!;
    expect(page.keyArt).toMatchObject({ source: "screenshot", alt: "The harbour" });
  });

  it("refuses a game with no picture, an upload that is not in the library and a picture without alt text, changing nothing", async () => {
    const refused = await act({ intent: "game-create", ...card("Nothing to show") });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused.body)).toMatchObject({ imageUrl: ["Please fill in all fields"] });

    const gone = await act({
      intent: "game-create",
      ...card("Gone", {
        cardImage: "00000000-0000-4000-8000-000000000000",
        cardImageAlt: "Never uploaded",
      }),
    });
    expect(gone.status).toBe(400);
    expect(errorsOf(gone.body)).toMatchObject({ cardImage: [GAME_PAGE_RULES.cardImageGone] });

    const [art] = await uploaded(1);
    const noAlt = await act({
      intent: "game-create",
      ...card("Undescribed", { imageUrl: "/og-image.png", keyArt: art! }),
    });
    expect(noAlt.status).toBe(400);
    expect(errorsOf(noAlt.body)).toMatchObject({ keyArtAlt: [GAME_PAGE_RULES.keyArtAlt] });

    // An admin may not manage games: refused on the server whatever the pictures.
    const notAllowed = await act(
      { intent: "game-create", ...card("Admin's", { imageUrl: "/og-image.png" }) },
      adminUser.cookie,
    );
    expect(notAllowed.status).toBe(403);
    expect(await handle.db.select().from(games)).toEqual([]);
  });

  it("the news list and Home's Latest News return each cover's image and alt text", async () => {
    const [cover] = await uploaded(1);
    const [gone] = await uploaded(1);
    const write = (title: string, extra: Record<string, string> = {}) =>
      act({ intent: "news-create", title, content: `${title}.`, ...extra }, adminUser.cookie);
    expect((await write("No cover")).status).toBe(200);
    expect(
      (await write("With cover", { coverImage: cover!, coverAlt: "A moonlit cave" })).status,
    ).toBe(200);
    expect((await write("Cover gone", { coverImage: gone!, coverAlt: "Gone" })).status).toBe(200);
    await handle.db.execute(sql`delete from media where id = ${gone}`);

    const covers = (items: { title: string; cover: unknown }[]) =>
      Object.fromEntries(items.map((item) => [item.title, item.cover]));
    const expected = {
      "No cover": null,
      "With cover": {
        alt: "A moonlit cave",
        image: expect.objectContaining({
          id: cover,
          widths: [480, 960, 1600],
          width: 1600,
          height: 900,
        }),
      },
      // A cover gone from the library is left out rather than shown broken.
      "Cover gone": null,
    };
    expect(covers((await listNewsPage(handle.db)).items)).toEqual(expected);
    const listPage = await loaded(newsRoute, "/news");
    expect(covers(listPage.items as never)).toEqual(expected);
    expect(covers((await loaded(home, "/")).latestNews as never)).toEqual(expected);
    expect(await handle.db.select().from(news)).toHaveLength(3);
  });
});
