import { eq, sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games, media, news } from "../../app/db/schema";
import type { GameEntry } from "../../app/games/game-schema";
import { createGame } from "../../app/games/games.server";
import { createNews } from "../../app/news/news-writes.server";
import { FEED_CACHE_CONTROL } from "../../app/platform/http/shared-pages";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as gameFeed from "../../app/routes/game-feed";
import * as feed from "../../app/routes/news-feed";
import * as tagFeed from "../../app/routes/news-tag-feed";
import { outcome } from "../support/accounts";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

type Category = { "#text": string; "@_domain": string };
type FeedItem = {
  title: string;
  link: string;
  guid: { "#text": string; "@_isPermaLink": string };
  pubDate: string;
  description: string;
  category: Category[];
};
type Channel = {
  title: string;
  link: string;
  description: string;
  "atom:link": { "@_href": string; "@_rel": string; "@_type": string };
  item?: FeedItem[];
};

/**
 * A feed's channel, after checking it is well-formed RSS 2.0 as readers need it: the version, the
 * channel's title, link and description, its self link, and every item's title, absolute link and
 * permalink guid and a date that parses; every address in it absolute, on the site.
 */
function rssChannel(xml: string, site: string): Channel {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === "item" || name === "category",
  }).parse(xml);
  expect(parsed.rss["@_version"]).toBe("2.0");
  const channel = parsed.rss.channel as Channel;
  expect(channel.title).toBeTruthy();
  expect(channel.description).toBeTruthy();
  expect(channel.link.startsWith(`${site}/`)).toBe(true);
  expect(channel["atom:link"]).toMatchObject({ "@_rel": "self", "@_type": "application/rss+xml" });
  expect(channel["atom:link"]["@_href"].startsWith(`${site}/`)).toBe(true);
  for (const item of channel.item ?? []) {
    expect(item.title).toBeTruthy();
    expect(item.link.startsWith(`${site}/news/`)).toBe(true);
    expect(item.guid).toEqual({ "#text": item.link, "@_isPermaLink": "true" });
    expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    for (const category of item.category)
      expect(category["@_domain"].startsWith(`${site}/`)).toBe(true);
  }
  return channel;
}

// Found by fuzzing: feed readers show an item's description as HTML, and the description was only
// XML-escaped, so markup typed into a news item became markup in every reader.
describe.each(testEngines())("news feed on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  const readFeed = async () =>
    (
      (await feed.loader({
        context,
        request: new Request("http://x/news/feed.xml"),
        params: {},
      } as never)) as Response
    ).text();

  it("an empty feed names no last build date (never 1970)", async () => {
    await handle.db.execute(sql`delete from news`);
    const xml = await readFeed();
    expect(xml).toContain("<channel>");
    expect(xml).not.toContain("<lastBuildDate>");
    expect(xml).not.toContain("1970");
  });

  it("carries each cover as Media RSS, and no heading anchor's stray '#'", async () => {
    const item = await createNews(handle.db, {
      title: "Night Market update",
      content: "Intro.\n\n## What changed\n\nLanterns glow.",
      format: "markdown",
    });
    const [cover] = await handle.db
      .insert(media)
      .values({ width: 2400, height: 1350, widths: [480, 960, 1600] })
      .returning({ id: media.id });
    await handle.db
      .update(news)
      .set({ coverImage: cover!.id, coverAlt: "Lanterns over the market" })
      .where(eq(news.id, item.id));
    const xml = await readFeed();
    const entry = xml.slice(xml.indexOf("<title>Night Market update</title>"));
    const body = entry.slice(0, entry.indexOf("</item>"));
    expect(body).toContain("What changed&lt;/h2&gt;");
    expect(body).not.toContain("heading-anchor");
    expect(body).not.toContain("&gt;#&lt;/a&gt;");
    expect(body).toMatch(
      new RegExp(`<media:content url="[^"]*/media/${cover!.id}/1600\\.webp" medium="image"`),
    );
    expect(body).toContain("<media:description>Lanterns over the market</media:description>");
    expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
    expect(xml).toMatch(/<lastBuildDate>\w{3}, \d{2} \w{3} \d{4}/);
  });

  it("keeps stored markup as text in the description, and the title XML-escaped", async () => {
    await createNews(handle.db, {
      title: "Patch <b>notes</b>",
      content: `Fixed <script>alert(1)</script> & <i data-x="1">more</i>\uffff`,
    });
    const response = (await feed.loader({
      context,
      request: new Request("http://x/news/feed.xml"),
      params: {},
    } as never)) as Response;
    const xml = await response.text();
    expect(xml).toContain("<title>Patch &lt;b&gt;notes&lt;/b&gt;</title>");
    expect(xml).toContain(
      "<description>Fixed &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; &amp;amp; &amp;lt;i data-x=&amp;quot;1&amp;quot;&amp;gt;more&amp;lt;/i&amp;gt;</description>",
    );
    expect(xml).not.toContain("\uffff");
  });

  // The feeds of a game and of a tag (docs/product.md#a-games-news), and every item's categories.
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
  const loaded = async (route: { loader: unknown }, url: string, params: Record<string, string>) =>
    (route.loader as (args: unknown) => Promise<Response>)({
      context,
      request: new Request(`http://x${url}`),
      params,
    });
  const answer = (route: { loader: unknown }, url: string, params: Record<string, string>) =>
    outcome(() => loaded(route, url, params));

  it("names each post's kind, tags and games as categories, every address absolute", async () => {
    await handle.db.execute(sql`truncate news, games cascade`);
    const drift = await game("Star Drift");
    await createNews(handle.db, {
      title: "Star Drift 1.2.0",
      content: "Fixes.",
      kind: "patch-notes",
      version: "1.2.0",
      tags: ["balance", "level-design"],
      games: [drift.id],
    });
    const response = await loaded(feed, "/news/feed.xml", {});
    expect(response.headers.get("Cache-Control")).toBe(FEED_CACHE_CONTROL);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const channel = rssChannel(await response.text(), site());
    expect(channel.link).toBe(`${site()}/news`);
    expect(channel["atom:link"]["@_href"]).toBe(`${site()}/news/feed.xml`);
    expect(channel.item?.[0]?.category).toEqual([
      { "@_domain": `${site()}/news?kind=patch-notes`, "#text": "Patch notes" },
      { "@_domain": `${site()}/news/tag/balance`, "#text": "balance" },
      { "@_domain": `${site()}/news/tag/level-design`, "#text": "level-design" },
      { "@_domain": `${site()}/games/star-drift`, "#text": "Star Drift" },
    ]);
  });

  it("a game's feed holds its posts under its name; an unlisted game's is not indexed; a hidden game has none", async () => {
    await handle.db.execute(sql`truncate news, games cascade`);
    const drift = await game("Star Drift");
    const harbour = await game("Quiet Harbour", "unlisted");
    const secret = await game("Hollow Crown", "draft");
    await createNews(handle.db, { title: "Drift devlog", content: "A.", games: [drift.id] });
    await createNews(handle.db, { title: "Studio news", content: "B." });
    await createNews(handle.db, { title: "Both", content: "C.", games: [drift.id, harbour.id] });
    await createNews(handle.db, { title: "Crown teaser", content: "D.", games: [secret.id] });

    const response = await loaded(gameFeed, "/games/star-drift/feed.xml", { slug: "star-drift" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe(FEED_CACHE_CONTROL);
    expect(response.headers.get("X-Robots-Tag")).toBeNull();
    const channel = rssChannel(await response.text(), site());
    expect(channel.title).toMatch(/^Star Drift news — \S/);
    expect(channel.link).toBe(`${site()}/games/star-drift/news`);
    expect(channel["atom:link"]["@_href"]).toBe(`${site()}/games/star-drift/feed.xml`);
    // Listed posts only: the one that also names the unlisted game is not.
    expect(channel.item?.map((item) => item.title)).toEqual(["Drift devlog"]);

    const unlisted = await loaded(gameFeed, "/games/quiet-harbour/feed.xml", {
      slug: "quiet-harbour",
    });
    expect(unlisted.status).toBe(200);
    expect(unlisted.headers.get("X-Robots-Tag")).toBe("noindex");
    const quiet = rssChannel(await unlisted.text(), site());
    expect(quiet.item?.map((item) => item.title)).toEqual(["Both"]);
    expect(quiet.item?.[0]?.category.map((c) => c["#text"])).toEqual([
      "News",
      "Star Drift",
      "Quiet Harbour",
    ]);

    expect(
      (await answer(gameFeed, "/games/hollow-crown/feed.xml", { slug: "hollow-crown" })).status,
    ).toBe(404);
    expect((await answer(gameFeed, "/x", { slug: secret.id })).status).toBe(404);
    expect((await answer(gameFeed, "/x", { slug: "no-such-game" })).status).toBe(404);
    expect((await answer(gameFeed, "/x", { slug: "bad\u0000slug" })).status).toBe(404);
    // The old address by id moves for good to the slug.
    expect(await answer(gameFeed, "/x", { slug: drift.id })).toMatchObject({
      status: 301,
      location: "/games/star-drift/feed.xml",
    });
  });

  it("a tag's feed holds its listed posts; another spelling moves to the tag's own; what cannot be a tag is not found", async () => {
    await handle.db.execute(sql`truncate news, games cascade`);
    const harbour = await game("Quiet Harbour", "unlisted");
    await createNews(handle.db, { title: "Roadmap", content: "A.", tags: ["roadmap"] });
    await createNews(handle.db, { title: "Other", content: "B.", tags: ["art"] });
    await createNews(handle.db, {
      title: "Unlisted roadmap",
      content: "C.",
      tags: ["roadmap"],
      games: [harbour.id],
    });
    const response = await loaded(tagFeed, "/news/tag/roadmap/feed.xml", { tag: "roadmap" });
    expect(response.headers.get("Cache-Control")).toBe(FEED_CACHE_CONTROL);
    const channel = rssChannel(await response.text(), site());
    expect(channel.title).toMatch(/roadmap/);
    expect(channel.link).toBe(`${site()}/news/tag/roadmap`);
    expect(channel["atom:link"]["@_href"]).toBe(`${site()}/news/tag/roadmap/feed.xml`);
    expect(channel.item?.map((item) => item.title)).toEqual(["Roadmap"]);

    expect(await answer(tagFeed, "/x", { tag: "Level_Design" })).toMatchObject({
      status: 301,
      location: "/news/tag/level-design/feed.xml",
    });
    for (const tag of ["", "<script>", "a b/c", "x".repeat(33), "\u0000"])
      expect((await answer(tagFeed, "/x", { tag })).status, JSON.stringify(tag)).toBe(404);
  });

  it("hostile game names, titles and tags come out escaped, the feed still valid", async () => {
    await handle.db.execute(sql`truncate news, games cascade`);
    const drift = await game("Drift");
    await handle.db
      .update(games)
      .set({ title: `Star <b>"Drift"</b> & Co` })
      .where(eq(games.id, drift.id));
    await createNews(handle.db, {
      title: "</title><script>alert(1)</script>",
      content: "Text.",
      // Tags are normalised when written through the editor or the API; a stored one that was not
      // still cannot break the feed.
      tags: ['"><x>&amp;'],
      games: [drift.id],
    });
    const xml = await (await loaded(gameFeed, "/games/drift/feed.xml", { slug: "drift" })).text();
    const channel = rssChannel(xml, site());
    expect(channel.title).toMatch(/^Star <b>"Drift"<\/b> & Co news — /);
    expect(xml).not.toContain("<b>");
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("<x>");
    const item = channel.item?.[0];
    expect(item?.title).toBe("</title><script>alert(1)</script>");
    expect(item?.category.map((c) => c["#text"])).toEqual([
      "News",
      '"><x>&amp;',
      `Star <b>"Drift"</b> & Co`,
    ]);
  });
});
