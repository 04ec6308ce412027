import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { reloadHydrated, waitForHydration } from "../support/browser";
import { cspViolations, DEMO_URL, EMPTY_URL, expect, test, watchCspViolations } from "./fixtures";

// What crawlers, feed readers, link previews and browsers' security features get: head tags, the
// RSS feed, the sitemap, robots.txt, security and cache headers, and the health check. Plain HTTP,
// no browser.

type Tag = Record<string, string>;

function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The attributes of every <name ...> tag in the HTML. */
function tags(html: string, name: string): Tag[] {
  const found: Tag[] = [];
  for (const match of html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))) {
    const attributes: Tag = {};
    for (const attr of (match[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
      attributes[attr[1]!.toLowerCase()] = decode(attr[2] ?? "");
    }
    found.push(attributes);
  }
  return found;
}

function head(html: string): string {
  return html.slice(0, html.indexOf("</head>"));
}

function metaContent(html: string, key: "name" | "property", value: string): string | undefined {
  return tags(head(html), "meta").find((tag) => tag[key] === value)?.content;
}

/** The news article paths, from the news list page. */
async function newsPaths(request: APIRequestContext, base = DEMO_URL): Promise<string[]> {
  const html = await (await request.get(`${base}/news`)).text();
  return [
    ...new Set([...html.matchAll(/href="(\/news\/(?!feed\.xml")[a-z0-9-]+)"/g)].map((m) => m[1]!)),
  ];
}

test("every public page has title, description, Open Graph, Twitter card and canonical tags", async ({
  request,
}) => {
  const [article] = await newsPaths(request);
  expect(article).toBeTruthy();
  const images = new Set<string>();
  for (const path of ["/", "/games", "/news", "/contact", article!]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "");
    expect(title, `${path} <title>`).not.toBe("");

    const description = metaContent(html, "name", "description");
    expect(description?.length, `${path} meta description`).toBeGreaterThan(20);
    expect(metaContent(html, "property", "og:title"), `${path} og:title`).toBe(title);
    expect(metaContent(html, "property", "og:description"), `${path} og:description`).toBe(
      description,
    );
    const url = `${DEMO_URL}${path}`;
    expect(metaContent(html, "property", "og:url"), `${path} og:url`).toBe(url);
    expect(metaContent(html, "name", "twitter:card"), `${path} twitter:card`).toMatch(/^summary/);
    const image = metaContent(html, "property", "og:image") ?? "";
    expect(image, `${path} og:image`).toMatch(new RegExp(`^${DEMO_URL}/`));
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
    const response = await request.get(image);
    expect(response.status(), image).toBe(200);
    expect(response.headers()["content-type"], image).toMatch(/^image\//);
  }
});

test("a news article's head describes it as an article", async ({ request }) => {
  const [article] = await newsPaths(request);
  const html = await (await request.get(article!)).text();
  const heading = decode(html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? "");
  expect(metaContent(html, "property", "og:type")).toBe("article");
  expect(metaContent(html, "property", "og:title")).toContain(heading);
  expect(metaContent(html, "property", "article:published_time")).toMatch(/^\d{4}-\d\d-\d\dT/);
});

test("/news/feed.xml is RSS 2.0 with the newest news articles (20 at most)", async ({
  request,
}) => {
  const paths = await newsPaths(request);
  const response = await request.get("/news/feed.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
  expect(xml).toMatch(/<rss version="2\.0"/);
  expect(xml).toMatch(/<channel>[\s\S]*<title>[^<]+<\/title>[\s\S]*<\/channel>/);

  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
  // Other tests add news while this one runs: the feed holds the newest, 20 at most, newest first.
  expect(items.length).toBeGreaterThanOrEqual(Math.min(20, paths.length));
  expect(items.length).toBeLessThanOrEqual(20);
  const links = items.map((item) => item.match(/<link>([^<]+)<\/link>/)?.[1]);
  const after = (await newsPaths(request)).map((path) => `${DEMO_URL}${path}`);
  // The list's first page holds twelve: the feed's newest items are those, in the same order.
  const positions = links.slice(0, after.length).map((link) => after.indexOf(link!));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  for (const item of items) {
    expect(item).toMatch(/<title>[^<]+<\/title>/);
    expect(item).toMatch(
      /<pubDate>[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} [\d:]{8} GMT<\/pubDate>/,
    );
  }

  // No news: a valid feed with no items.
  const empty = await (await request.get(`${EMPTY_URL}/news/feed.xml`)).text();
  expect(empty).toMatch(/<rss version="2\.0"/);
  expect(empty).not.toContain("<item>");
});

test("/sitemap.xml lists the public pages, every news article and every game page", async ({
  request,
}) => {
  const games = await (await request.get("/games")).text();
  const gamePages = [
    ...new Set([...games.matchAll(/href="(\/games\/[a-z0-9-]+)"/g)].map((m) => m[1]!)),
  ];
  expect(gamePages.length).toBeGreaterThan(0);
  const paths = [...(await newsPaths(request)), ...gamePages];
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/xml/);
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const path of ["/", "/games", "/news", "/contact", ...paths]) {
    expect(locs, path).toContain(`${DEMO_URL}${path}`);
  }
  // Other tests add news, games and the studio's own pages (/<slug>) while this one runs: nothing
  // but those.
  expect(locs.length).toBeGreaterThanOrEqual(4 + paths.length);
  for (const loc of locs.slice(4))
    expect(loc).toMatch(new RegExp(`^${DEMO_URL}/((news|games)/)?[a-z0-9]+(-[a-z0-9]+)*$`));
});

test("/robots.txt points to the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toContain(`Sitemap: ${DEMO_URL}/sitemap.xml`);
});

/** The CSP header's directives by name. */
function directivesOf(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

/** The text of every inline script (no src), as the browser hashes it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc=/i.test(m[1] ?? ""))
    .map((m) => (m[2] ?? "").replace(/\r\n?/g, "\n"));
}

test("a public page kept by the page cache is the same bytes and policy for its second, its inline scripts by the render's nonce", async ({
  request,
}) => {
  const [article] = await newsPaths(request);
  for (const path of ["/", "/news", article!, "/games", "/contact"]) {
    // The first answer may be a render or a hit; the second, right after it, is a hit: the same
    // bytes, same policy. A copy lives one second, so on a busy machine the first may have been a
    // hit on a copy that expired before the second came: the pair is asked for again then.
    let first!: APIResponse;
    let second!: APIResponse;
    await expect(async () => {
      first = await request.get(path);
      second = await request.get(path);
      expect(second.headers()["x-cache"], path).toBe("HIT");
      expect(await first.text(), path).toBe(await second.text());
    }).toPass({ timeout: 15_000 });
    const html = await second.text();
    const csp = second.headers()["content-security-policy"] ?? "";
    expect(first.headers()["content-security-policy"], path).toBe(csp);
    expect(second.headers()["content-security-policy-report-only"]).toBeUndefined();

    const directives = directivesOf(csp);
    const scriptSrc = directives.get("script-src") ?? [];
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce, `${path} has a nonce`).toBeTruthy();
    const scripts = inlineScripts(html);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of tags(html, "script").filter((tag) => !tag.src))
      expect(script.nonce, path).toBe(nonce);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'none'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(second.headers()["x-content-type-options"]).toBe("nosniff");
    expect(second.headers()["referrer-policy"]).toMatch(
      /^(no-referrer|same-origin|strict-origin.*)$/,
    );
    // The demo server's SITE_URL is http: no HSTS.
    expect(second.headers()["strict-transport-security"]).toBeUndefined();
  }
});

test("a page rendered for one visitor gets a nonce of its own, on every inline script", async ({
  request,
}) => {
  const nonces = new Set<string>();
  const cookie = { Cookie: "studio-visitor=1" };
  // Pages never kept by the page cache: /auth, and a page asked for with a cookie.
  const loads = [
    ["/auth", {}],
    ["/auth", {}],
    ["/", cookie],
    ["/contact", cookie],
  ] as const;
  for (const [path, headers] of loads) {
    const response = await request.get(path, { headers });
    expect(response.headers()["x-cache"], path).not.toBe("HIT");
    const scriptSrc =
      directivesOf(response.headers()["content-security-policy"] ?? "").get("script-src") ?? [];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
    expect(nonce, `${path} has a nonce`).toBeTruthy();
    expect(nonces.has(nonce!), "a nonce is never sent twice").toBe(false);
    nonces.add(nonce!);
    const inline = tags(await response.text(), "script").filter((script) => !script.src);
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(script.nonce).toBe(nonce);
  }
});

for (const reader of ["a visitor", "a signed-in reader"] as const) {
  test(`two loads of a cached page run all their inline scripts and hydrate with no CSP violation, for ${reader}`, async ({
    newContext,
    signedInAs,
  }) => {
    const context = await newContext();
    await watchCspViolations(context);
    if (reader === "a signed-in reader") await signedInAs("guest", context);
    const page = await context.newPage();
    await checkTwoLoads(page);
  });
}

async function checkTwoLoads(page: Page) {
  for (const load of [1, 2]) {
    const response = await page.goto("/games");
    const policy = response?.headers()["content-security-policy"] ?? "";
    await waitForHydration(page);
    // Every inline script of the document carries the nonce its policy names.
    const nonce = (directivesOf(policy).get("script-src") ?? [])
      .find((v) => v.startsWith("'nonce-"))
      ?.slice(7, -1);
    expect(nonce, `load ${load} has a nonce`).toBeTruthy();
    const nonces = await page.evaluate(() =>
      [...document.scripts].filter((s) => !s.src).map((s) => s.nonce),
    );
    expect(nonces.length).toBeGreaterThan(0);
    for (const each of nonces) expect(each).toBe(nonce);
    const violations = await cspViolations(page);
    expect(violations, `load ${load}: CSP violations`).toEqual([]);
  }
  // Hydrated: client-side navigation works.
  await page.getByRole("navigation").getByRole("link", { name: "News" }).first().click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test("public pages revalidate with an ETag (304) while their copy lasts, shared caches may keep them a second; signed-in pages are not stored", async ({
  request,
}) => {
  for (const path of ["/", "/news", "/games", "/contact", "/news/feed.xml", "/sitemap.xml"]) {
    await request.get(path);
    const first = await request.get(path);
    const etag = first.headers().etag;
    expect(etag, `${path} has an ETag`).toMatch(/^W\/".+"$/);
    const again = await request.get(path, { headers: { "If-None-Match": etag! } });
    expect(again.status(), `${path} revalidates`).toBe(304);
    // A 304 names the same CSP as the stored page, so the browser's copy keeps running its scripts.
    expect(again.headers()["content-security-policy"]).toBe(
      first.headers()["content-security-policy"],
    );
    expect(first.headers().vary).toMatch(/cookie/i);
  }
  expect((await request.get("/news")).headers()["cache-control"]).toBe(
    "public, max-age=0, s-maxage=1, stale-while-revalidate=5",
  );
  expect((await request.get("/news/feed.xml")).headers()["cache-control"]).toBe(
    "public, max-age=300, s-maxage=1, stale-while-revalidate=5",
  );
  const signedIn = await request.get("/news", {
    headers: { Cookie: "studio.session_token=not-a-session" },
  });
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
  expect(signedIn.headers().etag).toBeUndefined();
});

test("hashed assets are cached for a long time as immutable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const assets = [
    ...new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)),
  ];
  expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
  expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
  for (const asset of assets) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    const cacheControl = response.headers()["cache-control"] ?? "";
    expect(cacheControl, asset).toContain("immutable");
    expect(Number(cacheControl.match(/max-age=(\d+)/)?.[1]), asset).toBeGreaterThanOrEqual(
      60 * 60 * 24 * 365,
    );
  }
});

test("scripts and stylesheets go out compressed at build time: brotli, else gzip, else as they are", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const assets = [
    ...new Set(
      [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!),
    ),
  ];
  expect(assets.length).toBeGreaterThan(2);
  for (const asset of assets) {
    const plain = await request.get(asset, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"], asset).toBeUndefined();
    const body = await plain.body();
    const brotli = await fetch(new URL(asset, DEMO_URL), {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(brotli.headers.get("content-encoding"), asset).toBe("br");
    expect(brotli.headers.get("vary"), asset).toMatch(/accept-encoding/i);
    expect(brotli.headers.get("cache-control"), asset).toContain("immutable");
    // fetch decodes what it receives: the same bytes as the plain file.
    expect(Buffer.from(await brotli.arrayBuffer()).equals(body), asset).toBe(true);
    const gzip = await fetch(new URL(asset, DEMO_URL), { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding"), asset).toBe("gzip");
    expect(Buffer.from(await gzip.arrayBuffer()).equals(body), asset).toBe(true);
  }
});

test("/healthz, /readyz and /livez answer 200 JSON, never cached; robots.txt keeps crawlers off them", async ({
  request,
}) => {
  for (const base of [DEMO_URL, EMPTY_URL]) {
    for (const [path, body] of [
      ["/healthz", { status: "ok", database: "ok" }],
      ["/readyz", { status: "ok" }],
      ["/livez", { status: "ok" }],
    ] as const) {
      const response = await request.get(`${base}${path}`);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toContain("application/json");
      expect(response.headers()["cache-control"], path).toContain("no-store");
      expect(await response.json(), path).toMatchObject(body);
    }
  }
  const robots = await (await request.get("/robots.txt")).text();
  for (const path of ["/healthz", "/readyz", "/livez"])
    expect(robots).toContain(`Disallow: ${path}`);
});

test("a page the browser reloads runs its scripts under its policy, from its stored copy (304) or a new one", async ({
  page,
}) => {
  // The page cache's copy carries an ETag: within its second the browser's revalidation is a 304
  // (the same bytes and policy, which the API test above checks); after it, a new render with a
  // nonce of its own. Either way the page runs its scripts with no CSP violation.
  await page.goto("/games");
  for (let i = 0; i < 3; i++) {
    await reloadHydrated(page);
    await waitForHydration(page);
  }
  // Hydrated: client-side navigation works (the console guard fails the test on any CSP error).
  await page.getByRole("navigation").getByRole("link", { name: "News" }).first().click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the stylesheet comes before the scripts in <head>", async ({ request }) => {
  for (const path of ["/", "/news", "/games", "/contact", "/auth"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const stylesheet = head.search(/<link[^>]* rel="stylesheet"/);
    expect(stylesheet, `${path} has its stylesheet in <head>`).toBeGreaterThan(0);
    const preload = head.search(/<link[^>]* rel="modulepreload"/);
    expect(preload, `${path} preloads its modules`).toBeGreaterThan(0);
    expect(stylesheet, path).toBeLessThan(preload);
  }
});

test("a public page asks for at most 20 scripts: what the root runs is one shell chunk", async ({
  request,
}) => {
  // Rollup cut the root's code into ~20 chunks shared with the routes, so the press kit asked for
  // 31 scripts before its first paint (vite.config.ts, docs/performance.md#scripts).
  const games = await (await request.get("/games")).text();
  const game = /href="\/games\/([a-z0-9-]+)"/.exec(games)?.[1];
  expect(game, "the demo has a game").toBeDefined();
  for (const path of [
    "/",
    "/news",
    "/games",
    `/games/${game}`,
    "/press",
    `/press/${game}`,
    "/contact",
  ]) {
    const html = await (await request.get(path)).text();
    const scripts = new Set(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(scripts.size, `${path} asks for ${[...scripts].join(" ")}`).toBeLessThanOrEqual(20);
    expect(
      [...scripts].some((src) => /\/assets\/shell-[\w-]+\.js$/.test(src ?? "")),
      path,
    ).toBe(true);
  }
});

test("scripts and stylesheets carry only the headers they use", async ({ request }) => {
  const html = await (await request.get("/news")).text();
  const assets = [...new Set([...html.matchAll(/href="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
  expect(assets.length).toBeGreaterThan(2);
  for (const asset of assets) {
    const headers = (await request.get(asset)).headers();
    expect(headers["x-content-type-options"], asset).toBe("nosniff");
    expect(headers["cache-control"], asset).toContain("immutable");
    // Document policies mean nothing on a script; a hashed file is never revalidated.
    for (const name of [
      "content-security-policy",
      "permissions-policy",
      "x-frame-options",
      "etag",
      "last-modified",
    ]) {
      expect(headers[name], `${asset} ${name}`).toBeUndefined();
    }
  }
  // A script that is not there (an old page after a deploy) is a plain 404, not a page or a 500.
  const missing = await request.get("/assets/gone-0000.js");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toContain("text/plain");
  // A page keeps every policy.
  const page = (await request.get("/news")).headers();
  expect(page["content-security-policy"]).toBeTruthy();
  expect(page["x-frame-options"]).toBe("DENY");
});
