import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import type { GameEntry } from "../../app/games/game-schema";
import { createGame } from "../../app/games/games.server";
import { listPatchNotes, patchNotesQuery } from "../../app/news/game-news.server";
import type { NewsKind } from "../../app/news/news-about";
import { createNews } from "../../app/news/news-writes.server";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as gameDetail from "../../app/routes/game-detail";
import * as gameNews from "../../app/routes/game-news";
import * as sitemap from "../../app/routes/sitemap";
import * as sitemapPart from "../../app/routes/sitemap-part";
import { outcome, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { explain } from "../support/explain";
import { openForSuite } from "../support/suite";

// A game's news (docs/product.md#a-games-news): the game page's newest posts and patch notes, its
// own news page (/games/<slug>/news, paged as /news, narrowed by kind), and the sitemap's game news
// pages; each follows the game's visibility, as its page does.

const HOUR = 3_600_000;

type NewsPage = {
  items: { title: string; kind: string }[];
  newer: string | null;
  older: string | null;
  kind: string | null;
  kinds: NewsKind[];
  game: { slug: string; title: string };
};
type GamePageData = {
  news: {
    items: { title: string }[];
    patchNotes: { slug: string; title: string; version: string; date: string }[];
  };
};

describe.each(testEngines())("a game's news on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let developer: { cookie: string };
  let admin: { cookie: string };

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    developer = await signedInAs(context, "developer");
    admin = await signedInAs(context, "admin");
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate games, news cascade`);
  });
  afterEach(() => setClockOffset(0));

  const site = () => context.get(runtimeContext).env.SITE_URL;
  const game = (title: string, visibility: GameEntry["visibility"] = "public") =>
    createGame(handle.db, {
      title,
      description: `${title}: a small handmade game.`,
      imageUrl: "/images/games/tidewright.svg",
      status: "Released",
      url: "https://play.example/game",
      visibility,
    });
  // Each post an hour after the one before: newest first is the reverse of writing order.
  let written = 0;
  const post = (
    title: string,
    about: GameEntry[],
    extra: { kind?: NewsKind; version?: string } = {},
  ) =>
    createNews(handle.db, {
      title,
      content: `${title}.`,
      createdAt: new Date(Date.now() - 500 * HOUR + ++written * HOUR),
      games: about.map((g) => g.id),
      ...extra,
    });

  const openNews = (slug: string, options: { cookie?: string; search?: string } = {}) =>
    outcome(() =>
      gameNews.loader({
        request: request(`/games/${slug}/news${options.search ?? ""}`, options),
        params: { slug },
        context,
      } as never),
    );
  const openGame = (slug: string, cookie?: string) =>
    outcome(() =>
      gameDetail.loader({
        request: request(`/games/${slug}`, { cookie }),
        params: { slug },
        context,
      } as never),
    );
  const titles = (body: unknown) => (body as NewsPage).items.map((item) => item.title);
  const metaOf = (route: { meta: unknown }, data: unknown, path: string) =>
    (route.meta as (args: unknown) => Record<string, string>[])({
      data,
      matches: [{ id: "root", loaderData: { siteUrl: site() } }],
      location: { pathname: path, search: "" },
    });
  const feedLinks = (meta: Record<string, string>[]) =>
    meta.filter((m) => m.tagName === "link" && m.rel === "alternate");
  const robots = (meta: Record<string, string>[]) => meta.find((m) => m.name === "robots")?.content;

  /** A route's HTML as its component renders the loader's data. */
  function render(route: { default: unknown }, path: string, pattern: string, data: unknown) {
    const Stub = createRoutesStub([
      { id: "page", path: pattern, Component: route.default as never, loader: () => data },
    ]);
    // React separates text parts with empty comments: gone, the text reads as the reader sees it.
    return renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { page: data } },
      }),
    ).replaceAll("<!-- -->", "");
  }

  it("lists a game's posts newest first, twelve a page, and no other game's", async () => {
    const drift = await game("Star Drift");
    const other = await game("Tidewright");
    await post("About the studio", []);
    await post("Tidewright devlog", [other]);
    for (let i = 1; i <= 13; i++)
      await post(`Drift ${String(i).padStart(2, "0")}`, i === 7 ? [other, drift] : [drift]);
    await post("Tidewright patch", [other], { kind: "patch-notes", version: "1.0.1" });

    const first = await openNews("star-drift");
    expect(first.status).toBe(200);
    const expected = Array.from(
      { length: 13 },
      (_, i) => `Drift ${String(13 - i).padStart(2, "0")}`,
    );
    expect(titles(first.body)).toEqual(expected.slice(0, 12));
    const { older, newer } = first.body as NewsPage;
    expect(newer).toBeNull();
    expect(older).toBeTruthy();

    const second = await openNews("star-drift", { search: `?before=${older}` });
    expect(titles(second.body)).toEqual(expected.slice(12));
    expect((second.body as NewsPage).older).toBeNull();
    expect((second.body as NewsPage).newer).toBeTruthy();

    const html = render(gameNews, "/games/star-drift/news", "/games/:slug/news", first.body);
    expect(html).toContain("News about Star Drift</h1>");
    expect(html).toContain('href="/games/star-drift"');
    expect(html).toContain('href="/games/star-drift/feed.xml"');
    expect(html).toMatch(/<a[^>]*rel="next"[^>]*href="\/games\/star-drift\/news\?before=/);
    const meta = metaOf(gameNews, first.body, "/games/star-drift/news");
    expect(feedLinks(meta)).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        title: "Star Drift news",
        href: "/games/star-drift/feed.xml",
      },
    ]);
    expect(robots(meta)).toBeUndefined();
    expect(meta.find((m) => m.title)?.title).toMatch(/^News about Star Drift \| /);
  });

  it("narrows to one kind, offering the kinds the game's posts have", async () => {
    const drift = await game("Star Drift");
    await post("Devlog one", [drift], { kind: "devlog" });
    await post("Patch 1.1", [drift], { kind: "patch-notes", version: "1.1.0" });
    await post("Devlog two", [drift], { kind: "devlog" });

    const all = await openNews("star-drift");
    expect((all.body as NewsPage).kinds).toEqual(["devlog", "patch-notes"]);
    expect((all.body as NewsPage).kind).toBeNull();
    const patches = await openNews("star-drift", { search: "?kind=patch-notes" });
    expect(titles(patches.body)).toEqual(["Patch 1.1"]);
    expect((patches.body as NewsPage).kind).toBe("patch-notes");
    const html = render(
      gameNews,
      "/games/star-drift/news?kind=patch-notes",
      "/games/:slug/news",
      patches.body,
    );
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Patch notes<\/a>/);
    expect(html).toContain('href="/games/star-drift/news?kind=devlog"');

    // A kind that is not one is no filter; a kind without posts is an empty list that says so.
    expect(titles((await openNews("star-drift", { search: "?kind=gossip" })).body)).toHaveLength(3);
    const none = await openNews("star-drift", { search: "?kind=event" });
    expect(titles(none.body)).toEqual([]);
    expect(
      render(gameNews, "/games/star-drift/news?kind=event", "/games/:slug/news", none.body),
    ).toContain("No posts of this kind yet");
  });

  it("an unlisted game's news opens by its address, not indexed, with its reachable posts", async () => {
    const harbour = await game("Quiet Harbour", "unlisted");
    const listed = await game("Open Skies");
    await post("Harbour only", [harbour]);
    await post("Both games", [listed, harbour]);
    await post("Skies only", [listed]);

    const quiet = await openNews("quiet-harbour");
    expect(quiet.status).toBe(200);
    expect(titles(quiet.body)).toEqual(["Both games", "Harbour only"]);
    const meta = metaOf(gameNews, quiet.body, "/games/quiet-harbour/news");
    expect(robots(meta)).toBe("noindex, nofollow");
    expect(feedLinks(meta)).toHaveLength(1);
    // A listed game's list shows only listed posts: not one that names the unlisted game.
    expect(titles((await openNews("open-skies")).body)).toEqual(["Skies only"]);
    // The same on the game pages' sections.
    const page = (await openGame("quiet-harbour")).body as GamePageData;
    expect(page.news.items.map((item) => item.title)).toEqual(["Both games", "Harbour only"]);
    const skies = (await openGame("open-skies")).body as GamePageData;
    expect(skies.news.items.map((item) => item.title)).toEqual(["Skies only"]);
  });

  it("a hidden game's news is not found for guests and other staff; staff who manage games see its posts", async () => {
    const secret = await game("Hollow Crown", "draft");
    await post("Hollow teaser", [secret]);

    expect((await openNews("hollow-crown")).status).toBe(404);
    expect((await openNews(secret.id)).status).toBe(404);
    expect((await openNews("hollow-crown", { cookie: admin.cookie })).status).toBe(404);
    const seen = await openNews("hollow-crown", { cookie: developer.cookie });
    expect(seen.status).toBe(200);
    expect(titles(seen.body)).toEqual(["Hollow teaser"]);
    const meta = metaOf(gameNews, seen.body, "/games/hollow-crown/news");
    expect(robots(meta)).toBe("noindex, nofollow");
    // Its feed answers 404 to everyone: not announced.
    expect(feedLinks(meta)).toEqual([]);
    const html = render(gameNews, "/games/hollow-crown/news", "/games/:slug/news", seen.body);
    expect(html).not.toContain("feed.xml");
    expect(html).toContain('role="status"');

    const page = await openGame("hollow-crown", developer.cookie);
    expect((page.body as GamePageData).news.items.map((item) => item.title)).toEqual([
      "Hollow teaser",
    ]);
    expect(feedLinks(metaOf(gameDetail, page.body, "/games/hollow-crown"))).toEqual([]);
  });

  it("a game announced later: its news appears with it, by itself, at its time", async () => {
    const at = new Date(Date.now() + 2 * HOUR);
    const ember = await createGame(handle.db, {
      title: "Ember Tide",
      description: "Ember Tide: a small handmade game.",
      imageUrl: "/images/games/tidewright.svg",
      status: "Coming Soon",
      url: "https://play.example/game",
      visibility: "scheduled",
      announceAt: at.toISOString(),
    });
    await post("Ember reveal", [ember]);
    expect((await openNews("ember-tide")).status).toBe(404);
    setClockOffset(2 * HOUR + 60_000);
    expect(titles((await openNews("ember-tide")).body)).toEqual(["Ember reveal"]);
  });

  it("an old /games/<id>/news address moves for good to the slug; a cursor not ours starts over", async () => {
    const drift = await game("Star Drift");
    const moved = await openNews(drift.id, { search: "?kind=devlog" });
    expect(moved).toMatchObject({ status: 301, location: "/games/star-drift/news?kind=devlog" });
    const restart = await openNews("star-drift", { search: "?kind=devlog&before=not-a-cursor" });
    expect(restart).toMatchObject({ status: 302, location: "/games/star-drift/news?kind=devlog" });
    // Nothing that can name a game, and an unknown one: not found, never a 500.
    for (const slug of ["no-such-game", "bad\u0000slug", "x".repeat(500)])
      expect((await openNews(slug)).status, slug).toBe(404);
  });

  it("the game page shows its 3 newest posts and 5 newest patch notes; no post, no section", async () => {
    const drift = await game("Star Drift");
    const other = await game("Tidewright");
    for (let i = 1; i <= 6; i++)
      await post(`Drift patch ${i}`, [drift], { kind: "patch-notes", version: `1.${i}.0` });
    await post("Other patch", [other], { kind: "patch-notes", version: "9.9.9" });
    await post("Drift devlog", [drift], { kind: "devlog" });

    const loaded = await openGame("star-drift");
    const { news } = loaded.body as GamePageData;
    expect(news.items.map((item) => item.title)).toEqual([
      "Drift devlog",
      "Drift patch 6",
      "Drift patch 5",
    ]);
    expect(news.patchNotes.map((note) => note.version)).toEqual([
      "1.6.0",
      "1.5.0",
      "1.4.0",
      "1.3.0",
      "1.2.0",
    ]);
    expect(news.patchNotes[0]).toMatchObject({ title: "Drift patch 6" });
    expect(Date.parse(news.patchNotes[0]!.date)).toBeGreaterThan(
      Date.parse(news.patchNotes[1]!.date),
    );

    const html = render(gameDetail, "/games/star-drift", "/games/:slug", loaded.body);
    expect(html).toMatch(
      /<a[^>]*href="\/games\/star-drift\/news"[^>]*>.*All news about Star Drift/,
    );
    expect(html).toContain(">Patch notes</h2>");
    const slug = (await handle.db.execute(
      sql`select slug from news where title = 'Drift patch 6'`,
    )) as unknown as { rows: { slug: string }[] };
    expect(html).toContain(`href="/news/${slug.rows[0]!.slug}"`);
    expect(html).not.toContain("9.9.9");
    expect(feedLinks(metaOf(gameDetail, loaded.body, "/games/star-drift"))).toMatchObject([
      { title: "Star Drift news", href: "/games/star-drift/feed.xml" },
    ]);

    const quiet = await game("Silent Bay");
    const empty = await openGame(quiet.slug);
    expect((empty.body as GamePageData).news).toEqual({ items: [], patchNotes: [] });
    const bare = render(gameDetail, "/games/silent-bay", "/games/:slug", empty.body);
    expect(bare).not.toContain('data-testid="game-news"');
    expect(bare).not.toContain("All news about");
    expect(bare).not.toContain(">Patch notes</h2>");
  });

  it("on a large table the patch notes list reads an index, never the whole table", async () => {
    const drift = await game("Star Drift");
    const kinds = ["news", "devlog", "event", "launch"];
    await handle.db.execute(sql`
      insert into news (title, slug, content, created_at, published_at, kind, version)
      select 'Post ' || n, 'post-' || n, 'Text.', now() - n * interval '1 hour',
        now() - n * interval '1 hour',
        case when n % 50 = 0 then 'patch-notes' else (${sql.raw(`array['${kinds.join("','")}']`)})[1 + n % 4] end,
        case when n % 50 = 0 then '1.' || n end
      from generate_series(1, 5000) as n`);
    await handle.db.execute(sql`
      insert into news_games (news_id, game_id)
      select id, ${drift.id} from news where (substring(slug from 6))::int % 10 = 0`);
    await handle.db.execute(sql`analyze news`);
    await handle.db.execute(sql`analyze news_games`);
    const plan = await explain(handle.db, patchNotesQuery(handle.db, drift.id, 5, "listed"));
    expect(plan).not.toMatch(/Seq Scan on news /);
    expect(plan).toMatch(/news_kind_published_at_idx|news_games_game_idx/);
    const notes = await listPatchNotes(handle.db, drift.id, 5);
    expect(notes.map((note) => note.version)).toEqual(["1.50", "1.100", "1.150", "1.200", "1.250"]);
  });

  it("the sitemap lists the news page of each listed game with listed posts", async () => {
    const drift = await game("Star Drift");
    await game("No News Yet");
    const harbour = await game("Quiet Harbour", "unlisted");
    const shared = await game("Shared Sky");
    await post("Drift news", [drift]);
    await post("Harbour news", [harbour]);
    // Its only post also names the unlisted game: listed nowhere.
    await post("Shared news", [shared, harbour]);

    const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const whole = await ((await sitemap.loader({ context } as never)) as Response).text();
    const newsPages = locs(whole).filter(
      (loc) => loc?.endsWith("/news") && loc.includes("/games/"),
    );
    expect(newsPages).toEqual([`${site()}/games/star-drift/news`]);
    expect(whole).toMatch(
      new RegExp(`<loc>${site()}/games/star-drift/news</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`),
    );
    const part = await (
      (await sitemapPart.loader({ context, params: { file: "pages.xml" } } as never)) as Response
    ).text();
    expect(locs(part)).toContain(`${site()}/games/star-drift/news`);
  });
});
