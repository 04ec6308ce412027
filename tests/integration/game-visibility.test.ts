import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games } from "../../app/db/schema";
import { ANNOUNCE_TIME_NEEDED, ANNOUNCE_TIME_PASSED } from "../../app/games/game-visibility";
import { getGameBySlug, listGamesPage } from "../../app/games/games.server";
import { storeMedia } from "../../app/media/media.server";
import { resolveLists } from "../../app/newsletter/newsletter.server";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import type { FormReply } from "../../app/platform/forms/submission.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { readKit, saveKit } from "../../app/press/press.server";
import { ANNOUNCE_NEEDS_GAMES } from "../../app/press/press-admin.server";
import * as gameDetail from "../../app/routes/game-detail";
import * as gamesList from "../../app/routes/games";
import * as home from "../../app/routes/home";
import * as pressIndex from "../../app/routes/press";
import * as pressFile from "../../app/routes/press-file";
import * as pressGame from "../../app/routes/press-game";
import * as sitemap from "../../app/routes/sitemap";
import { readSettings, saveSettings } from "../../app/settings/settings.server";
import { outcome, request, signedInAs } from "../support/accounts";
import { postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// Who sees a game (docs/product.md#game-visibility): a draft or a game announced later is on no
// list, sitemap, zip, API, newsletter form or press page for a guest, and its page is not found;
// staff who manage games open it; an unlisted game's page opens by its address only; at its
// announce time a scheduled game appears by itself; a kit's embargo can announce its game.

const HOUR = 3_600_000;

const card = (title: string, extra: Record<string, string> = {}) => ({
  title,
  description: `${title}: a small handmade game.`,
  imageUrl: "/images/games/tidewright.svg",
  status: "Coming Soon",
  url: "https://play.example/game",
  ...extra,
});

async function zipNames(response: Response): Promise<string[]> {
  const data = Buffer.from(await response.arrayBuffer());
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
  );
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.on("entry", (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return names;
}

describe.each(testEngines())("game visibility on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let developer: { id: string; email: string; cookie: string };
  let owner: { id: string; email: string; cookie: string };
  let admin: { id: string; email: string; cookie: string };

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    developer = await signedInAs(context, "developer");
    owner = await signedInAs(context, "owner");
    admin = await signedInAs(context, "admin");
  });
  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate games, media, press_kits, press_downloads, subscriber_lists cascade`,
    );
  });
  afterEach(() => setClockOffset(0));

  const runtime = () => context.get(runtimeContext);
  const add = async (title: string, extra: Record<string, string> = {}) => {
    const reply = await postAdmin(
      context,
      { intent: "game-create", ...card(title, extra) },
      developer.cookie,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return (await getGameBySlug(handle.db, title.toLowerCase().replace(/ /g, "-")))!;
  };
  /** A game with key art (so the studio's images.zip would carry it). */
  const withKeyArt = async (slug: string) => {
    const picture = await sharp({
      create: { width: 64, height: 36, channels: 3, background: { r: 40, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    const stored = await storeMedia(runtime(), picture, null);
    await handle.db
      .update(games)
      .set({ keyArt: stored.id, keyArtAlt: "Key art" })
      .where(eq(games.slug, slug));
    return stored.id;
  };
  const page = (slug: string, cookie?: string) =>
    outcome(() =>
      gameDetail.loader({
        request: request(`/games/${slug}`, { cookie }),
        context,
        params: { slug },
      } as never),
    );
  /** Every place a guest finds games listed, as slugs. */
  const listedForGuest = async () => {
    const catalogue = (await gamesList.loader({ request: request("/games"), context } as never))
      .games;
    const front = (await home.loader({ request: request("/"), context } as never)) as {
      games: { slug: string }[];
      featured: { game: { slug: string } } | null;
    };
    const map = await (
      (await sitemap.loader({ request: request("/sitemap.xml"), context } as never)) as Response
    ).text();
    const api = await listGamesPage(handle.db, { page: { direction: "first" }, size: 100 });
    const press = (await pressIndex.loader({
      request: request("/press"),
      context,
      params: {},
    } as never)) as { games: { slug: string }[] };
    return {
      catalogue: catalogue.map((g) => g.slug),
      home: front.games.map((g) => g.slug),
      featured: front.featured?.game.slug ?? null,
      sitemap: [...map.matchAll(/\/games\/([a-z0-9-]+)</g)].map((m) => m[1]),
      api: api.items.map((g) => g.slug),
      press: press.games.map((g) => g.slug),
    };
  };

  it("a draft: not found for a guest, on no list, sitemap, API, press page or zip; staff open it", async () => {
    await add("Open Skies");
    const secret = await add("Hollow Crown", { visibility: "draft" });
    expect(secret.visibility).toBe("draft");
    const keyArt = await withKeyArt("hollow-crown");
    await withKeyArt("open-skies");
    // Featured in the settings: Home still shows no hero for it.
    const { saved: _saved, ...settings } = await readSettings(handle.db);
    await saveSettings(
      { db: handle.db, storage: runtime().storage },
      { ...settings, featuredGame: secret.id },
      null,
    );

    expect((await page("hollow-crown")).status).toBe(404);
    // By its id too (the old address form).
    expect((await page(secret.id)).status).toBe(404);
    const listed = await listedForGuest();
    for (const [where, slugs] of Object.entries(listed))
      expect(slugs ?? [], where).not.toContain("hollow-crown");
    expect(listed.catalogue).toEqual(["open-skies"]);
    expect(listed.sitemap).toEqual(["open-skies"]);
    expect(listed.api).toEqual(["open-skies"]);

    // The studio's images.zip packs the listed game's key art only.
    const zip = (await pressFile.loader({
      request: request("/press/images.zip"),
      context,
      params: { "*": "images.zip" },
    } as never)) as Response;
    expect(zip.status).toBe(200);
    const names = await zipNames(zip);
    expect(names.some((name) => name.includes("open-skies"))).toBe(true);
    expect(names.some((name) => name.includes("hollow-crown"))).toBe(false);
    expect(keyArt).toBeTruthy();

    // Its kit: not found for a guest, even a listed kit without embargo.
    await saveKit(handle.db, secret.id, { listed: true, embargoUntil: null, data: {} }, null);
    const kitPage = await outcome(() =>
      pressGame.loader({
        request: request("/press/hollow-crown"),
        context,
        params: { slug: "hollow-crown" },
      } as never),
    );
    expect(kitPage.status).toBe(404);

    // A newsletter list of it cannot be joined.
    await expect(resolveLists(handle.db, [secret.id])).rejects.toThrow("Unknown list");

    // Staff who manage games open its page, marked as a draft; an admin does not.
    const seen = await page("hollow-crown", developer.cookie);
    expect(seen.status).toBe(200);
    expect((seen.body as { game: { visibility: string } }).game.visibility).toBe("draft");
    expect((await page("hollow-crown", owner.cookie)).status).toBe(200);
    expect((await page("hollow-crown", admin.cookie)).status).toBe(404);
  });

  it("an unlisted game: its page opens by its address, and nothing lists it", async () => {
    await add("Quiet Harbour", { visibility: "unlisted" });
    expect((await page("quiet-harbour")).status).toBe(200);
    const listed = await listedForGuest();
    for (const [where, slugs] of Object.entries(listed))
      expect(slugs ?? [], where).not.toContain("quiet-harbour");
    // Its own page's newsletter form works.
    const game = (await getGameBySlug(handle.db, "quiet-harbour"))!;
    await expect(resolveLists(handle.db, [game.id])).resolves.toHaveLength(1);
  });

  it("a game announced at a time is hidden until then, and appears by itself when it comes", async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    const game = await add("Ember Tide", {
      visibility: "scheduled",
      announceAt: at.toISOString(),
    });
    expect(game).toMatchObject({ visibility: "scheduled", announceAt: at.toISOString() });
    expect((await page("ember-tide")).status).toBe(404);
    expect((await listedForGuest()).catalogue).toEqual([]);

    // No write: only time passes.
    setClockOffset(2 * HOUR + 60_000);
    expect((await page("ember-tide")).status).toBe(200);
    const listed = await listedForGuest();
    expect(listed.catalogue).toEqual(["ember-tide"]);
    expect(listed.sitemap).toEqual(["ember-tide"]);
    expect(listed.api).toEqual(["ember-tide"]);
    expect((await getGameBySlug(handle.db, "ember-tide"))?.visibility).toBe("public");
  });

  it("refuses a scheduled game without a time, or with a time passed, changing nothing", async () => {
    const none = await postAdmin(
      context,
      { intent: "game-create", ...card("No Time", { visibility: "scheduled" }) },
      developer.cookie,
    );
    expect(none.status).toBe(400);
    expect((none.body as FormReply).error).toMatchObject({ announceAt: [ANNOUNCE_TIME_NEEDED] });
    const passed = await postAdmin(
      context,
      {
        intent: "game-create",
        ...card("Too Late", {
          visibility: "scheduled",
          announceAt: new Date(Date.now() - HOUR).toISOString(),
        }),
      },
      developer.cookie,
    );
    expect(passed.status).toBe(400);
    expect(JSON.stringify(passed.body)).toContain(ANNOUNCE_TIME_PASSED);
    expect(await handle.db.select().from(games)).toEqual([]);
  });

  it("a kit's embargo announces its game when it lifts; only staff who manage games may tick it", async () => {
    const game = await add("Star Loom", { visibility: "draft" });
    const embargo = new Date(Date.now() + 3 * HOUR);
    const local = embargo.toISOString().slice(0, 16);
    const form = {
      intent: "press-save",
      gameId: game.id,
      listed: "on",
      embargoUntil: local,
      announceGame: "on",
      logos: "[]",
    };
    // An admin manages press but not games: refused, nothing changes.
    const refused = await postAdmin(context, form, admin.cookie, "press");
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(ANNOUNCE_NEEDS_GAMES);
    expect((await getGameBySlug(handle.db, "star-loom"))?.visibility).toBe("draft");

    const saved = await postAdmin(context, form, developer.cookie, "press");
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const scheduled = (await getGameBySlug(handle.db, "star-loom"))!;
    const kit = await readKit(handle.db, game.id);
    expect(scheduled.visibility).toBe("scheduled");
    expect(scheduled.announceAt).toBe(kit.embargoUntil?.toISOString());
    expect((await page("star-loom")).status).toBe(404);

    // The embargo was typed as a wall clock in the studio's zone: its instant is the kit's.
    setClockOffset(kit.embargoUntil!.getTime() - Date.now() + 60_000);
    expect((await page("star-loom")).status).toBe(200);
    expect((await listedForGuest()).press).toContain("star-loom");
  });
});
