import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games } from "../../app/db/schema";
import { createGame } from "../../app/games/games.server";
import { newsStructuredData } from "../../app/news/news-article";
import { createNews } from "../../app/news/news-writes.server";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as home from "../../app/routes/home";
import * as list from "../../app/routes/news";
import * as detail from "../../app/routes/news-detail";
import * as tagPage from "../../app/routes/news-tag";
import { DEFAULT_SETTINGS } from "../../app/settings/settings-defaults";
import { outcome, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// The public news list's filters, the tag pages and the article of a post about games
// (docs/product.md#news-list, #news-detail, #tags) through the route modules on each engine: a post
// about a game guests may not see is on no list and its article answers a guest as an unknown
// address does; one about an unlisted game opens by its address only, kept out of search engines.

const SITE = "http://localhost:3000";
const HOUR = 3_600_000;
const MATCHES = [{ id: "root", loaderData: { siteUrl: SITE } }];
/** A page's title as its head names it, after the studio's name as a fresh site has it. */
const titled = (title: string) => ({ title: `${title} | ${DEFAULT_SETTINGS.name}` });

type Card = { title: string; slug: string };
type ListBody = {
  items: Card[];
  newer: string | null;
  older: string | null;
  filter: Record<string, string>;
  game: string | null;
};
type Meta = Record<string, string>[];

describe.each(testEngines())("news filters and tags on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let admin: { cookie: string };
  let moderator: { cookie: string };
  const ids: Record<string, string> = {};
  const slugs: Record<string, string> = {};

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    admin = await signedInAs(context, "admin");
    moderator = await signedInAs(context, "moderator");
    const card = {
      description: "A game.",
      imageUrl: "/x.svg",
      url: "https://play.example/game",
      status: "Released" as const,
    };
    const made = {
      starDrift: await createGame(handle.db, { ...card, title: "Star Drift" }),
      quietMoon: await createGame(handle.db, {
        ...card,
        title: "Quiet Moon",
        visibility: "unlisted",
      }),
      secret: await createGame(handle.db, { ...card, title: "Secret Sequel", visibility: "draft" }),
      comet: await createGame(handle.db, { ...card, title: "Comet Tail" }),
    };
    // Public, but announced tomorrow: not listed until then.
    await handle.db
      .update(games)
      .set({ announceAt: new Date(Date.now() + 24 * HOUR) })
      .where(eq(games.id, made.comet.id));
    for (const [name, game] of Object.entries(made)) ids[name] = game.id;

    // Fourteen level-design diaries, older than the rest: more than a page of one tag.
    for (let n = 1; n <= 14; n++) {
      await createNews(handle.db, {
        title: `Level design diary ${n}`,
        content: `Diary ${n}: corridors and caves.`,
        createdAt: new Date(Date.now() - (100 - n) * HOUR),
        kind: "devlog",
        tags: ["level-design"],
      });
    }
    const posts = [
      {
        key: "patch",
        title: "Star Drift 1.2.0 patch notes",
        content: "The boss of the third nebula hits less hard.",
        kind: "patch-notes" as const,
        version: "1.2.0",
        tags: ["balance", "bosses"],
        games: [made.starDrift.id],
      },
      {
        key: "devlog",
        title: "Drawing nebulae for Star Drift",
        content: "How the nebula shader works.",
        kind: "devlog" as const,
        tags: ["art"],
        games: [made.starDrift.id],
      },
      { key: "studio", title: "Studio retreat", content: "We went to the sea.", tags: ["studio"] },
      {
        key: "unlisted",
        title: "Quiet Moon patch notes",
        content: "Fixes for the boss.",
        kind: "patch-notes" as const,
        version: "0.9",
        tags: ["balance"],
        games: [made.quietMoon.id],
      },
      {
        key: "hidden",
        title: "Secret Sequel revealed",
        content: "The boss returns.",
        kind: "launch" as const,
        tags: ["balance"],
        games: [made.secret.id],
      },
      {
        key: "announced",
        title: "Comet Tail teaser",
        content: "A boss made of ice.",
        kind: "event" as const,
        tags: ["balance"],
        games: [made.comet.id],
      },
    ];
    for (const [i, { key, ...post }] of posts.entries()) {
      const created = await createNews(handle.db, {
        ...post,
        createdAt: new Date(Date.now() - (10 - i) * HOUR),
      });
      ids[key] = created.id;
      slugs[key] = created.slug;
    }
  });
  afterEach(() => {
    setClockOffset(0);
  });

  const openList = async (search: string, cookie?: string) => {
    const answer = await outcome(() =>
      list.loader({ request: request(`/news${search}`, { cookie }), context, params: {} } as never),
    );
    return { ...answer, body: answer.body as ListBody };
  };
  const titles = async (search: string) => (await openList(search)).body.items.map((i) => i.title);
  const listMeta = (body: ListBody, search: string) =>
    list.meta({
      loaderData: body,
      matches: MATCHES,
      location: { pathname: "/news", search },
    } as never) as Meta;
  const openTag = (tag: string, search = "") =>
    outcome(() =>
      tagPage.loader({
        request: request(`/news/tag/${encodeURIComponent(tag)}${search}`),
        context,
        params: { tag },
      } as never),
    );
  const openArticle = (slug: string, cookie?: string) =>
    outcome(() =>
      detail.loader({
        request: request(`/news/${slug}`, { cookie }),
        context,
        params: { slug },
      } as never),
    );
  const content = (meta: Meta, key: string, value: string) =>
    meta.filter((tag) => tag[key] === value).map((tag) => tag.content ?? tag.href);

  it("filters /news by kind, by game (its address or id), by tag, and with a search", async () => {
    expect(await titles("?kind=patch-notes")).toEqual(["Star Drift 1.2.0 patch notes"]);
    expect(await titles("?game=star-drift")).toEqual([
      "Drawing nebulae for Star Drift",
      "Star Drift 1.2.0 patch notes",
    ]);
    // By id: the same posts, and the page names the game by its address.
    const byId = await openList(`?game=${ids.starDrift}`);
    expect(byId.body.items.map((i) => i.title)).toEqual(await titles("?game=star-drift"));
    expect(byId.body.filter).toEqual({ game: "star-drift" });
    expect(byId.body.game).toBe("Star Drift");
    // A tag as typed: normalised.
    const tagged = await openList("?tag=Balance");
    expect(tagged.body.items.map((i) => i.title)).toEqual(["Star Drift 1.2.0 patch notes"]);
    expect(tagged.body.filter).toEqual({ tag: "balance" });
    expect(await titles("?kind=devlog&game=star-drift")).toEqual([
      "Drawing nebulae for Star Drift",
    ]);
    expect(await titles("?kind=patch-notes&game=star-drift&tag=balance&q=boss")).toEqual([
      "Star Drift 1.2.0 patch notes",
    ]);
    expect(await titles("?game=star-drift&q=retreat")).toEqual([]);
    expect(await titles("?kind=devlog&tag=level-design&q=caves")).toHaveLength(12);

    // Named by the filters; a kind alone may be indexed, a game's posts have their own page.
    const kind = await openList("?kind=patch-notes");
    const kindMeta = listMeta(kind.body, "?kind=patch-notes");
    expect(kindMeta).toContainEqual(titled("Patch notes"));
    expect(content(kindMeta, "rel", "canonical")).toEqual([`${SITE}/news?kind=patch-notes`]);
    expect(content(kindMeta, "name", "robots")).toEqual([]);
    const gameMeta = listMeta(byId.body, `?game=${ids.starDrift}`);
    expect(gameMeta).toContainEqual(titled("News about Star Drift"));
    expect(content(gameMeta, "rel", "canonical")).toEqual([`${SITE}/news?game=star-drift`]);
    expect(content(gameMeta, "name", "robots")).toEqual(["noindex, follow"]);
    expect(listMeta(tagged.body, "?tag=Balance")).toContainEqual(titled("Posts tagged #balance"));
  });

  it("leaves out a value that cannot be a filter; an unknown or hidden game's list is empty and names nothing", async () => {
    const everything = await titles("");
    expect(everything).toHaveLength(12);
    for (const search of ["?kind=gossip", "?tag=%25%21%21", "?game=Not%20A%20Slug", "?kind="]) {
      const answer = await openList(search);
      expect(answer.status, search).toBe(200);
      expect(answer.body.filter, search).toEqual({});
      expect(
        answer.body.items.map((i) => i.title),
        search,
      ).toEqual(everything);
    }
    for (const game of ["no-such-game", "secret-sequel", ids.secret!, "quiet-moon", "comet-tail"]) {
      const answer = await openList(`?game=${game}`);
      expect(answer.status, game).toBe(200);
      expect(answer.body.items, game).toEqual([]);
      expect(answer.body.game, game).toBeNull();
      expect(JSON.stringify(answer.body), game).not.toMatch(/Secret Sequel|Quiet Moon|Comet Tail/);
      expect(content(listMeta(answer.body, `?game=${game}`), "name", "robots")).toEqual([
        "noindex, follow",
      ]);
    }
    // Once announced, the game's posts are listed by themselves.
    setClockOffset(25 * HOUR);
    const announced = await openList("?game=comet-tail");
    expect(announced.body.items.map((i) => i.title)).toEqual(["Comet Tail teaser"]);
    expect(announced.body.game).toBe("Comet Tail");
  });

  it("lists no post about a hidden or unlisted game to a guest: /news, its search, a tag, Home", async () => {
    const all: string[] = [];
    let search = "";
    for (;;) {
      const page = await openList(search);
      all.push(...page.body.items.map((i) => i.title));
      if (!page.body.older) break;
      search = `?before=${page.body.older}`;
    }
    expect(all).toHaveLength(14 + 3);
    const seen = [
      ...all,
      ...(await titles("?q=boss")),
      ...(await titles("?kind=launch")),
      ...(await titles("?kind=event")),
      ...((await openTag("balance")).body as ListBody).items.map((i) => i.title),
      JSON.stringify(await home.loader({ context, request: request("/") } as never)),
    ].join("\n");
    for (const title of ["Quiet Moon patch notes", "Secret Sequel revealed", "Comet Tail teaser"])
      expect(seen).not.toContain(title);
    expect(await titles("?q=boss")).toEqual(["Star Drift 1.2.0 patch notes"]);
  });

  it("pages a filtered list with its filters: links, canonical, prev and next; a bad cursor keeps them", async () => {
    const first = await openList("?tag=level-design&kind=devlog");
    expect(first.body.items).toHaveLength(12);
    expect(first.body.older).not.toBeNull();
    const next = `?kind=devlog&tag=level-design&before=${first.body.older}`;
    expect(content(listMeta(first.body, "?tag=level-design&kind=devlog"), "rel", "next")).toEqual([
      `${SITE}/news${next}`,
    ]);
    const second = await openList(next);
    expect(second.body.items.map((i) => i.title)).toEqual([
      "Level design diary 2",
      "Level design diary 1",
    ]);
    const secondMeta = listMeta(second.body, next);
    expect(content(secondMeta, "rel", "canonical")).toEqual([`${SITE}/news${next}`]);
    expect(content(secondMeta, "rel", "prev")).toEqual([
      `${SITE}/news?kind=devlog&tag=level-design&after=${second.body.newer}`,
    ]);
    // The page's own Older link keeps the filters too.
    const html = renderList(first.body, "/news?tag=level-design&kind=devlog");
    expect(html).toContain(
      `href="/news?tag=level-design&amp;kind=devlog&amp;before=${first.body.older}"`,
    );
    for (const [search, to] of [
      ["?kind=devlog&tag=Level%20Design&before=not-a-cursor", "/news?kind=devlog&tag=level-design"],
      ["?q=caves&game=star-drift&after=x", "/news?game=star-drift&q=caves"],
      ["?kind=gossip&before=x", "/news"],
    ]) {
      const moved = await openList(search!);
      expect(moved, search).toMatchObject({ status: 302, location: to });
    }
  });

  it("shows the kinds as chips keeping the other filters, and the game and tag as chips that remove them", () => {
    const body: ListBody = {
      items: [],
      newer: null,
      older: null,
      filter: { kind: "devlog", game: "star-drift", tag: "art" },
      game: "Star Drift",
    };
    const html = renderList({ ...body, search: "rain" } as ListBody, "/news");
    expect(html).toContain("<h1");
    expect(html).toContain("Devlogs about Star Drift tagged #art");
    expect(html).toMatch(/href="\/news\?game=star-drift&amp;tag=art&amp;q=rain"[^>]*>All</);
    expect(html).toMatch(
      /<a aria-current="page"[^>]*href="\/news\?kind=devlog&amp;game=star-drift&amp;tag=art&amp;q=rain"[^>]*>Devlog</,
    );
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toMatch(
      /href="\/news\?kind=patch-notes&amp;game=star-drift&amp;tag=art&amp;q=rain"[^>]*>Patch notes</,
    );
    expect(html).toMatch(
      /href="\/news\?kind=devlog&amp;tag=art&amp;q=rain"[^>]*><span class="sr-only">Remove the filter: <\/span>About <!-- -->Star Drift</,
    );
    expect(html).toMatch(
      /href="\/news\?kind=devlog&amp;game=star-drift&amp;q=rain"[^>]*><span class="sr-only">Remove the filter: <\/span>Tagged #<!-- -->art</,
    );
    // The search form searches within the filters.
    expect(html).toContain('<input type="hidden" name="kind" value="devlog"/>');
    expect(html).toContain('<input type="hidden" name="game" value="star-drift"/>');
  });

  it("opens an article about a game with its kind, games and tags in its structured data and Open Graph", async () => {
    const opened = await openArticle(slugs.patch!);
    expect(opened.status).toBe(200);
    const body = opened.body as Awaited<ReturnType<typeof detail.loader>>;
    expect(body.reach).toBe("listed");
    // Which lists a post is mailed to is not the reader's business.
    expect(body.article).not.toHaveProperty("mailLists");
    const meta = detail.meta({ data: body, matches: MATCHES } as never) as Meta;
    expect(content(meta, "property", "article:section")).toEqual(["Patch notes 1.2.0"]);
    expect(content(meta, "property", "article:tag")).toEqual(["balance", "bosses"]);
    expect(content(meta, "name", "robots")).toEqual([]);
    const ld = newsStructuredData(body.article, body.cover, SITE, "Studio");
    expect(ld).toMatchObject({
      "@type": "NewsArticle",
      articleSection: "Patch notes 1.2.0",
      keywords: ["balance", "bosses"],
      about: [{ "@type": "VideoGame", name: "Star Drift", url: `${SITE}/games/star-drift` }],
    });
    // A post about the studio is about no game.
    const studio = (await openArticle(slugs.studio!)).body as typeof body;
    const studioLd = newsStructuredData(studio.article, null, SITE, "Studio");
    expect(studioLd).not.toHaveProperty("about");
    expect(studioLd.articleSection).toBe("News");
  });

  it("opens an unlisted game's post by its address with noindex; a hidden game's answers a guest as an unknown address does", async () => {
    const unlisted = await openArticle(slugs.unlisted!);
    expect(unlisted.status).toBe(200);
    const body = unlisted.body as Awaited<ReturnType<typeof detail.loader>>;
    expect(body.reach).toBe("unlisted");
    expect(body.preview).toBe(false);
    const meta = detail.meta({ data: body, matches: MATCHES } as never) as Meta;
    expect(content(meta, "name", "robots")).toEqual(["noindex"]);

    const unknown = await openArticle("no-such-post");
    expect(unknown).toMatchObject({ status: 302, location: "/news" });
    for (const address of [slugs.hidden!, ids.hidden!, slugs.announced!]) {
      expect(await openArticle(address), address).toEqual(unknown);
      expect(await openArticle(address, moderator.cookie), address).toEqual(unknown);
    }
    // Staff who write news preview it, kept out of search engines.
    const staff = await openArticle(slugs.hidden!, admin.cookie);
    expect(staff.status).toBe(200);
    const preview = staff.body as typeof body;
    expect(preview).toMatchObject({ preview: true, reach: "hidden" });
    const previewMeta = detail.meta({ data: preview, matches: MATCHES } as never) as Meta;
    expect(content(previewMeta, "name", "robots")).toEqual(["noindex, nofollow"]);
    // Once its game is announced, guests read it.
    setClockOffset(25 * HOUR);
    expect((await openArticle(slugs.announced!)).status).toBe(200);
  });

  it("a tag's page lists its posts twelve a page; another spelling redirects, what cannot be a tag is not found", async () => {
    const first = await openTag("level-design");
    expect(first.status).toBe(200);
    const page = first.body as ListBody & { tag: string };
    expect(page.items).toHaveLength(12);
    expect(page.items[0]!.title).toBe("Level design diary 14");
    const meta = tagPage.meta({
      loaderData: page,
      matches: MATCHES,
      location: { pathname: "/news/tag/level-design", search: "?utm_source=x" },
    } as never) as Meta;
    expect(meta).toContainEqual(titled("Posts tagged #level-design"));
    expect(content(meta, "rel", "canonical")).toEqual([`${SITE}/news/tag/level-design`]);
    expect(content(meta, "rel", "next")).toEqual([
      `${SITE}/news/tag/level-design?before=${page.older}`,
    ]);
    expect(meta).toContainEqual(
      expect.objectContaining({
        rel: "alternate",
        type: "application/rss+xml",
        href: "/news/tag/level-design/feed.xml",
      }),
    );
    expect(content(meta, "name", "robots")).toEqual([]);
    const second = await openTag("level-design", `?before=${page.older}`);
    expect((second.body as ListBody).items.map((i) => i.title)).toEqual([
      "Level design diary 2",
      "Level design diary 1",
    ]);
    expect(await openTag("level-design", "?after=nope")).toMatchObject({
      status: 302,
      location: "/news/tag/level-design",
    });

    expect(await openTag("Level Design", `?before=${page.older}`)).toMatchObject({
      status: 301,
      location: `/news/tag/level-design?before=${page.older}`,
    });
    expect(await openTag("#Balance")).toMatchObject({ status: 301, location: "/news/tag/balance" });
    expect(await openTag("Über")).toMatchObject({ status: 301, location: "/news/tag/%C3%BCber" });
    for (const tag of ["!!", "level/design", "a".repeat(33), "\u0000", " "])
      expect(await openTag(tag), tag).toMatchObject({ status: 404, body: null });

    // Listed posts only.
    expect(((await openTag("balance")).body as ListBody).items.map((i) => i.title)).toEqual([
      "Star Drift 1.2.0 patch notes",
    ]);
  });

  it("a tag no listed post has is a 404 that says so, kept out of search engines", async () => {
    for (const tag of ["nothing-here", "über"]) {
      const empty = await openTag(tag);
      expect(empty, tag).toMatchObject({ status: 404, body: { items: [], tag } });
      const meta = tagPage.meta({
        loaderData: empty.body,
        matches: MATCHES,
        location: { pathname: `/news/tag/${tag}`, search: "" },
      } as never) as Meta;
      expect(content(meta, "name", "robots")).toEqual(["noindex"]);
    }
  });

  /** The list page's HTML as its component renders the loader's data at `path`. */
  function renderList(data: ListBody, path: string): string {
    const Stub = createRoutesStub([
      { id: "news", path: "/news", Component: list.default as never, loader: () => data },
    ]);
    return renderToString(
      createElement(Stub, {
        initialEntries: [path],
        hydrationData: { loaderData: { news: { search: "", error: null, ...data } } },
      }),
    );
  }
});
