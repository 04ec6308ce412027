import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { directivesOf, inlineScripts, newsPaths, nonceOf, tags } from "../support/html-head";
import { startSite, type TestSite } from "../support/site";

// What browsers' security features and caches get from the production site in this process
// (tests/support/site.ts): the page cache's copies (same bytes, same policy, ETag and 304), the
// nonce of every inline script, the Content-Security-Policy and the other security headers, the
// cache and compression headers of the hashed scripts and stylesheets, and what a page's <head>
// asks for. That a browser runs those scripts under that policy, hydrates and navigates stays a
// browser test (tests/e2e/seo.spec.ts).

let site: TestSite;
// Loading the build and starting the site took over 60 s on a busy two-core machine.
beforeAll(async () => {
  site = await startSite();
}, 300_000);
afterAll(async () => {
  await site?.close();
});

type Bytes = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET as it comes over the wire: the body's bytes as sent, never decoded. */
function getBytes(path: string, headers: Record<string, string>): Promise<Bytes> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${site.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** The hashed files (/assets/…) a page links to, each once. */
async function assetsOf(path: string, pattern: RegExp): Promise<string[]> {
  const html = await (await site.fetch(path)).text();
  return [...new Set([...html.matchAll(pattern)].map((m) => m[1]!))];
}

/**
 * Scripts a public page may ask for (docs/performance.md#scripts): 20 until the news about games
 * (issue 37) put news cards on the game page and the game's news beside Home's, which Rollup's
 * chunk merging answered with 23 on Home and 22 on a game page.
 */
const MAX_SCRIPTS = 23;

describe("the page cache, the policy and the nonces", () => {
  it("a public page kept by the page cache is the same bytes and policy for its second, its inline scripts by the render's nonce", async () => {
    const [article] = await newsPaths(site);
    expect(article).toBeTruthy();
    for (const path of ["/", "/news", article!, "/games", "/contact"]) {
      // The first answer may be a render or a hit; the second, right after it, is a hit: the same
      // bytes, same policy. A copy lives one second, so on a busy machine the first may have been
      // a hit on a copy that expired before the second came: the pair is asked for again then.
      let first!: Response;
      let second!: Response;
      let html = "";
      await vi.waitFor(
        async () => {
          first = await site.fetch(path);
          second = await site.fetch(path);
          const firstText = await first.text();
          html = await second.text();
          expect(second.headers.get("x-cache"), path).toBe("HIT");
          expect(firstText, path).toBe(html);
        },
        { timeout: 15_000, interval: 50 },
      );
      expect(first.status, path).toBe(200);
      expect(second.status, path).toBe(200);
      const csp = second.headers.get("content-security-policy") ?? "";
      expect(first.headers.get("content-security-policy"), path).toBe(csp);
      expect(second.headers.get("content-security-policy-report-only")).toBeNull();

      const directives = directivesOf(csp);
      const scriptSrc = directives.get("script-src") ?? [];
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      const nonce = nonceOf(scriptSrc);
      expect(nonce, `${path} has a nonce`).toBeTruthy();
      const scripts = inlineScripts(html);
      expect(scripts.length, path).toBeGreaterThan(0);
      const inline = tags(html, "script").filter((tag) => !tag.src);
      expect(inline.length, path).toBe(scripts.length);
      for (const script of inline) expect(script.nonce, path).toBe(nonce);
      expect(directives.get("object-src")).toEqual(["'none'"]);
      expect(directives.get("base-uri")).toEqual(["'none'"]);
      expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
      expect(second.headers.get("x-content-type-options")).toBe("nosniff");
      expect(second.headers.get("referrer-policy")).toMatch(
        /^(no-referrer|same-origin|strict-origin.*)$/,
      );
      // The site's SITE_URL is http: no HSTS.
      expect(second.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("a page rendered for one visitor gets a nonce of its own, on every inline script", async () => {
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
      const response = await site.fetch(path, { headers });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-cache"), path).not.toBe("HIT");
      const scriptSrc =
        directivesOf(response.headers.get("content-security-policy") ?? "").get("script-src") ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      const nonce = nonceOf(scriptSrc);
      expect(nonce, `${path} has a nonce`).toBeTruthy();
      expect(nonces.has(nonce!), "a nonce is never sent twice").toBe(false);
      nonces.add(nonce!);
      const inline = tags(await response.text(), "script").filter((script) => !script.src);
      expect(inline.length).toBeGreaterThan(0);
      for (const script of inline) expect(script.nonce).toBe(nonce);
    }
    expect(nonces.size).toBe(loads.length);
  });

  it("public pages revalidate with an ETag (304) while their copy lasts, shared caches may keep them a second; signed-in pages are not stored", async () => {
    for (const path of ["/", "/news", "/games", "/contact", "/news/feed.xml", "/sitemap.xml"]) {
      // The copy is fresh for one second: on a busy machine it may have expired between the two
      // requests (the second is then a new render, 200); the pair is asked for again then.
      let first!: Response;
      let again!: Response;
      await vi.waitFor(
        async () => {
          await site.fetch(path);
          first = await site.fetch(path);
          expect(first.status, path).toBe(200);
          const etag = first.headers.get("etag");
          expect(etag, `${path} has an ETag`).toMatch(/^W\/".+"$/);
          again = await site.fetch(path, { headers: { "If-None-Match": etag! } });
          expect(again.status, `${path} revalidates`).toBe(304);
        },
        { timeout: 15_000, interval: 50 },
      );
      expect(await again.text(), `${path}: a 304 has no body`).toBe("");
      // A 304 names the same CSP as the stored page, so the browser's copy keeps running its scripts.
      expect(again.headers.get("content-security-policy")).toBe(
        first.headers.get("content-security-policy"),
      );
      expect(first.headers.get("vary")).toMatch(/cookie/i);
    }
    expect((await site.fetch("/news")).headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=1, stale-while-revalidate=5",
    );
    expect((await site.fetch("/news/feed.xml")).headers.get("cache-control")).toBe(
      "public, max-age=300, s-maxage=1, stale-while-revalidate=5",
    );
    // A session cookie, whether the session is real or not: a page of its own, never stored.
    for (const signedIn of [
      await site.fetch("/news", { headers: { Cookie: "studio.session_token=not-a-session" } }),
      await site.fetch("/news", { as: "guest" }),
    ]) {
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
      expect(signedIn.headers.get("etag")).toBeNull();
      expect(signedIn.headers.get("x-cache")).not.toBe("HIT");
    }
  });

  // A client-side navigation fetches the page's loader data (`<path>.data`): for a signed-in
  // person it is as private as the page, and it carried no Cache-Control at all.
  it("the loader data of a signed-in navigation is not stored either", async () => {
    for (const path of ["/profile.data", "/news.data", "/admin/news.data"]) {
      const answer = await site.fetch(path, { as: "admin" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});

describe("what the sign-in pages load", () => {
  it("/auth and /auth/two-factor load nothing of the phone number library (the profile's alone)", async () => {
    // The two-factor step offers a code by text message; the library that judges numbers (its
    // metadata names every country's calling code) belongs to the profile's phone form only.
    const pages: { path: string; headers: Record<string, string> }[] = [
      { path: "/auth", headers: {} },
      // Any two-factor cookie opens the step (its loader then finds no sign-in waiting).
      { path: "/auth/two-factor", headers: { cookie: "studio.two_factor=pending" } },
    ];
    for (const { path, headers } of pages) {
      const response = await site.fetch(path, { headers });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) {
        const code = await (await site.fetch(script)).text();
        expect(code.includes("country_calling_codes"), `${path} loads ${script}`).toBe(false);
      }
    }
  });
});

describe("scripts and stylesheets", () => {
  it("hashed assets are cached for a long time as immutable", async () => {
    const assets = await assetsOf("/", /(?:href|src)="(\/assets\/[^"]+)"/g);
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const response = await site.fetch(asset);
      expect(response.status, asset).toBe(200);
      const cacheControl = response.headers.get("cache-control") ?? "";
      expect(cacheControl, asset).toContain("immutable");
      expect(Number(cacheControl.match(/max-age=(\d+)/)?.[1]), asset).toBeGreaterThanOrEqual(
        60 * 60 * 24 * 365,
      );
    }
  });

  it("scripts and stylesheets go out compressed at build time: brotli, else gzip, else as they are", async () => {
    const assets = await assetsOf("/", /(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const plain = await getBytes(asset, { "Accept-Encoding": "identity" });
      expect(plain.status, asset).toBe(200);
      expect(plain.headers["content-encoding"], asset).toBeUndefined();
      expect(plain.body.length, asset).toBeGreaterThan(0);
      const brotli = await getBytes(asset, { "Accept-Encoding": "gzip, deflate, br" });
      expect(brotli.headers["content-encoding"], asset).toBe("br");
      expect(brotli.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(brotli.headers["cache-control"], asset).toContain("immutable");
      // The bytes sent are brotli's, and decode to the same bytes as the plain file.
      expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body), asset).toBe(true);
      const gzip = await getBytes(asset, { "Accept-Encoding": "gzip" });
      expect(gzip.headers["content-encoding"], asset).toBe("gzip");
      expect(zlib.gunzipSync(gzip.body).equals(plain.body), asset).toBe(true);
    }
  });

  it("scripts and stylesheets carry only the headers they use", async () => {
    const assets = await assetsOf("/news", /href="(\/assets\/[^"]+)"/g);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const response = await site.fetch(asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get("x-content-type-options"), asset).toBe("nosniff");
      expect(response.headers.get("cache-control"), asset).toContain("immutable");
      // Document policies mean nothing on a script; a hashed file is never revalidated.
      for (const name of [
        "content-security-policy",
        "permissions-policy",
        "x-frame-options",
        "etag",
        "last-modified",
      ]) {
        expect(response.headers.get(name), `${asset} ${name}`).toBeNull();
      }
    }
    // A script that is not there (an old page after a deploy) is a plain 404, not a page or a 500.
    const missing = await site.fetch("/assets/gone-0000.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/plain");
    // A page keeps every policy.
    const page = (await site.fetch("/news")).headers;
    expect(page.get("content-security-policy")).toBeTruthy();
    expect(page.get("x-frame-options")).toBe("DENY");
  });

  it("the stylesheet comes before the scripts in <head>", async () => {
    for (const path of ["/", "/news", "/games", "/contact", "/auth"]) {
      const html = await (await site.fetch(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const stylesheet = head.search(/<link[^>]* rel="stylesheet"/);
      expect(stylesheet, `${path} has its stylesheet in <head>`).toBeGreaterThan(0);
      const preload = head.search(/<link[^>]* rel="modulepreload"/);
      expect(preload, `${path} preloads its modules`).toBeGreaterThan(0);
      expect(stylesheet, path).toBeLessThan(preload);
    }
  });

  it(`a public page asks for at most ${MAX_SCRIPTS} scripts: what the root runs is one shell chunk`, async () => {
    // Rollup cut the root's code into ~20 chunks shared with the routes, so the press kit asked
    // for 31 scripts before its first paint (vite.config.ts, docs/performance.md#scripts).
    const games = await (await site.fetch("/games")).text();
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
      "/auth",
    ]) {
      const response = await site.fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const scripts = new Set(
        [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
      );
      expect(scripts.size, `${path} asks for ${[...scripts].join(" ")}`).toBeLessThanOrEqual(
        MAX_SCRIPTS,
      );
      expect(
        [...scripts].some((src) => /\/assets\/shell-[\w-]+\.js$/.test(src ?? "")),
        path,
      ).toBe(true);
    }
  });
});
