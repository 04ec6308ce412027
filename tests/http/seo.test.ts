import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decode, head, metaContent, newsPaths, tags } from "../support/html-head";
import { startSite, type TestSite } from "../support/site";

// What crawlers, feed readers and link previews get (docs/product.md): head tags, the RSS feed, the
// sitemap, robots.txt and the health checks, asked of the production site in this process
// (tests/support/site.ts): one with the demo content, one fresh and empty. The site's data is this
// file's own copy, so the lists here are exact: no other test adds news or games meanwhile.
// (Moved from the browser tests' seo.spec.ts, which keeps what needs a browser.)

let site: TestSite;
let empty: TestSite;
// Loading the build and starting the site took over 60 s on a busy two-core machine.
beforeAll(async () => {
  [site, empty] = await Promise.all([startSite(), startSite({ seed: "empty" })]);
}, 300_000);
afterAll(async () => {
  await Promise.all([site?.close(), empty?.close()]);
});

/** Every published news article's path, newest first, from the API (every page of it). */
async function allNewsPaths(): Promise<string[]> {
  const paths: string[] = [];
  let next: string | null = "";
  while (next !== null) {
    const response = await site.fetch(`/api/v1/news?limit=100${next ? `&cursor=${next}` : ""}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { slug: string }[]; next: string | null };
    paths.push(...body.data.map((item) => `/news/${item.slug}`));
    next = body.next;
  }
  return paths;
}

describe("the studio's identity", () => {
  it("/favicon.ico leads to the site's icon, whatever the page asked for", async () => {
    for (const each of [site, empty]) {
      const response = await each.fetch("/favicon.ico", { redirect: "manual" });
      expect(response.status).toBe(302);
      const icon = response.headers.get("location") ?? "";
      const html = await (await each.fetch("/")).text();
      const declared = tags(head(html), "link").find((link) => link.rel === "icon");
      expect(icon).toBe(declared?.href);
      const followed = await each.fetch(icon);
      expect(followed.status).toBe(200);
      expect(followed.headers.get("content-type")).toMatch(/^image\//);
    }
  });

  it("links the studio's profiles with rel=me, as Mastodon's verification reads them", async () => {
    const html = await (await site.fetch("/")).text();
    const followUs = html.split(">Follow Us</h2>")[1]?.split("</ul>")[0] ?? "";
    const profiles = [...followUs.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(profiles.length).toBeGreaterThan(0);
    for (const link of profiles) expect(link).toMatch(/rel="me noopener noreferrer"/);
  });
});

describe("head tags", () => {
  it("every public page has title, description, Open Graph, Twitter card and canonical tags", async () => {
    const [article] = await newsPaths(site);
    expect(article).toBeTruthy();
    const images = new Set<string>();
    for (const path of ["/", "/games", "/news", "/contact", article!]) {
      const response = await site.fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
      expect(title, `${path} <title>`).not.toBe("");

      const description = metaContent(html, "name", "description");
      expect(description?.length, `${path} meta description`).toBeGreaterThan(20);
      expect(metaContent(html, "property", "og:title"), `${path} og:title`).toBe(title);
      expect(metaContent(html, "property", "og:description"), `${path} og:description`).toBe(
        description,
      );
      const url = `${site.url}${path}`;
      expect(metaContent(html, "property", "og:url"), `${path} og:url`).toBe(url);
      expect(metaContent(html, "name", "twitter:card"), `${path} twitter:card`).toMatch(/^summary/);
      const image = metaContent(html, "property", "og:image") ?? "";
      expect(image, `${path} og:image`).toMatch(new RegExp(`^${site.url}/`));
      images.add(image);
      const canonical = tags(head(html), "link").filter((link) => link.rel === "canonical");
      expect(
        canonical.map((link) => link.href),
        `${path} canonical`,
      ).toEqual([url]);

      // Every page points feed readers to the news feed.
      const feeds = tags(head(html), "link").filter(
        (link) => link.rel === "alternate" && link.type === "application/rss+xml",
      );
      expect(
        feeds.map((link) => link.href),
        `${path} feed link`,
      ).toEqual(["/news/feed.xml"]);
    }
    // The preview image exists.
    for (const image of images) {
      const response = await site.fetch(image.slice(site.url.length));
      expect(response.status, image).toBe(200);
      expect(response.headers.get("content-type"), image).toMatch(/^image\//);
    }
  });

  it("a news article's head describes it as an article", async () => {
    const [article] = await newsPaths(site);
    const html = await (await site.fetch(article!)).text();
    const heading = decode(html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? "");
    expect(heading).not.toBe("");
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:title")).toContain(heading);
    expect(metaContent(html, "property", "article:published_time")).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

const SLUG = "[a-z0-9]+(-[a-z0-9]+)*";

describe("feed, sitemap and robots.txt", () => {
  it("/news/feed.xml is RSS 2.0 with the newest news articles (20 at most)", async () => {
    const all = await allNewsPaths();
    expect(all.length).toBeGreaterThan(0);
    const response = await site.fetch("/news/feed.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(xml).toMatch(/<rss version="2\.0"/);
    expect(xml).toMatch(/<channel>[\s\S]*<title>[^<]+<\/title>[\s\S]*<\/channel>/);

    const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    // Nothing else writes to this site's data: the feed is exactly the newest published articles,
    // 20 at most, newest first, as the API and the news list order them.
    const links = items.map((item) => item.match(/<link>([^<]+)<\/link>/)?.[1]);
    expect(links).toEqual(all.slice(0, 20).map((path) => `${site.url}${path}`));
    const listed = (await newsPaths(site)).map((path) => `${site.url}${path}`);
    expect(links.slice(0, listed.length)).toEqual(listed.slice(0, links.length));
    for (const item of items) {
      expect(item).toMatch(/<title>[^<]+<\/title>/);
      expect(item).toMatch(
        /<pubDate>[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} [\d:]{8} GMT<\/pubDate>/,
      );
    }

    // No news: a valid feed with no items.
    const none = await empty.fetch("/news/feed.xml");
    expect(none.status).toBe(200);
    const emptyXml = await none.text();
    expect(emptyXml).toMatch(/<rss version="2\.0"/);
    expect(emptyXml).not.toContain("<item>");
  });

  it("/sitemap.xml lists the public pages, every news article, every game page and game news page", async () => {
    const games = await (await site.fetch("/games")).text();
    const gamePages = [
      ...new Set([...games.matchAll(/href="(\/games\/[a-z0-9-]+)"/g)].map((m) => m[1]!)),
    ];
    expect(gamePages.length).toBeGreaterThan(0);
    // A game page with news links its own news page ('All news about …'): those are listed too.
    const gameNewsPages: string[] = [];
    for (const page of gamePages) {
      const html = await (await site.fetch(page)).text();
      if (html.includes(`href="${page}/news"`)) gameNewsPages.push(`${page}/news`);
    }
    const news = await allNewsPaths();
    const response = await site.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/xml/);
    const xml = await response.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    // The four pages of the spec first, then the games and the news (the demo has no pages of the
    // studio's own): each once, and nothing else.
    expect(locs.slice(0, 4)).toEqual(
      ["/", "/games", "/news", "/contact"].map((path) => `${site.url}${path}`),
    );
    expect([...locs].sort()).toEqual(
      ["/", "/games", "/news", "/contact", ...gamePages, ...gameNewsPages, ...news]
        .map((path) => `${site.url}${path}`)
        .sort(),
    );
    for (const loc of locs.slice(4))
      expect(loc).toMatch(new RegExp(`^${site.url}/(((news|games)/)?${SLUG}|games/${SLUG}/news)$`));
  });

  it("/robots.txt points to the sitemap", async () => {
    const response = await site.fetch("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });
});

describe("health checks", () => {
  it("/healthz, /readyz and /livez answer 200 JSON, never cached; robots.txt keeps crawlers off them", async () => {
    for (const each of [site, empty]) {
      for (const [path, body] of [
        ["/healthz", { status: "ok", database: "ok" }],
        ["/readyz", { status: "ok" }],
        ["/livez", { status: "ok" }],
      ] as const) {
        const response = await each.fetch(path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("content-type"), path).toContain("application/json");
        expect(response.headers.get("cache-control"), path).toContain("no-store");
        expect(await response.json(), path).toMatchObject(body);
      }
    }
    const robots = await (await site.fetch("/robots.txt")).text();
    for (const path of ["/healthz", "/readyz", "/livez"])
      expect(robots).toContain(`Disallow: ${path}`);
  });
});
