import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncodings, isSharedPage, PageCache } from "./page-cache.server";
import { inlineScriptHashes } from "./security.server";

describe("page cache", () => {
  // The policy of a shared page names the hashes of its own inline scripts.
  const policyOf = (document: string) =>
    `script-src 'self' ${inlineScriptHashes(document).join(" ")}`;
  const cache = new PageCache({ sharedPolicy: policyOf });
  let renders = 0;
  let base = "";
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.setHeader("Content-Security-Policy", "script-src 'self'");
      next();
    });
    app.use(cache.middleware());
    app.get("/news", (_req, res) => {
      renders++;
      // Streamed in pieces, as the framework does: the policy must cover the whole document.
      res.type("html").write(`<p>render ${renders}</p><script>one(${renders})</script>`);
      res.end(`<script type="module">two()</script><script src="/assets/app.js"></script>`);
    });
    app.get("/news/feed.xml", (_req, res) => {
      renders++;
      res.type("xml").send(`<rss>${renders}</rss>`);
    });
    app.get("/news/big", (_req, res) => {
      renders++;
      res.type("html").send(`<p>${"lantern ".repeat(400)}${renders}</p>`);
    });
    app.get("/profile", (_req, res) => {
      renders++;
      res.send("private");
    });
    app.post("/contact", (_req, res) => res.status(200).send("sent"));
    app.post("/games/:id/played", (_req, res) => res.status(204).end());
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("renders an anonymous public page once and then serves the same bytes from memory", async () => {
    const first = await fetch(`${base}/news`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const firstBody = await first.text();
    const second = await fetch(`${base}/news`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(firstBody);
    // No nonce: both answers allow exactly the page's two inline scripts, by hash.
    expect(firstBody).not.toContain("nonce");
    const policy = first.headers.get("content-security-policy");
    expect(policy).toBe(policyOf(firstBody));
    expect(policy?.match(/'sha256-[\w+/=]+'/g)).toHaveLength(2);
    expect(second.headers.get("content-security-policy")).toBe(policy);
    expect(second.headers.get("vary")).toMatch(/cookie/i);
    expect(renders).toBe(1);
  });

  it("answers 304 to a matching If-None-Match, for pages and feeds, weakly compared", async () => {
    for (const path of ["/news", "/news/feed.xml"]) {
      await fetch(`${base}${path}`);
      const hit = await fetch(`${base}${path}`);
      const etag = hit.headers.get("etag")!;
      expect(etag).toMatch(/^W\/".+"$/);
      const revalidated = await fetch(`${base}${path}`, {
        headers: { "If-None-Match": `"other", ${etag.slice(2)}` },
      });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe("");
      const changed = await fetch(`${base}${path}`, { headers: { "If-None-Match": '"other"' } });
      expect(changed.status).toBe(200);
    }
  });

  it("compresses a large page once per encoding the client accepts", async () => {
    const path = "/news/big";
    await fetch(`${base}${path}`);
    const plain = await (
      await fetch(`${base}${path}`, { headers: { "Accept-Encoding": "identity" } })
    ).text();
    for (const [accept, encoding, decode] of [
      ["gzip", "gzip", zlib.gunzipSync],
      ["gzip, br", "br", zlib.brotliDecompressSync],
    ] as const) {
      const response = await rawGet(`${base}${path}`, accept);
      expect(response.headers["x-cache"]).toBe("HIT");
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(response.body).toString("utf8")).toBe(plain);
    }
    expect(plain.length).toBeGreaterThan(2000);
  });

  it("never serves a request with cookies or a non-public page from memory", async () => {
    const before = renders;
    const signedIn = await fetch(`${base}/news`, { headers: { Cookie: "studio.session_token=x" } });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    await fetch(`${base}/profile`);
    await fetch(`${base}/profile`);
    expect(renders).toBe(before + 3);
  });

  it("stays warm through anonymous posts that succeed; only a clear empties it", async () => {
    await fetch(`${base}/news`);
    expect((await fetch(`${base}/news`)).headers.get("x-cache")).toBe("HIT");
    const sent = await fetch(`${base}/contact`, { method: "POST", body: "name=Ada" });
    expect(sent.status).toBe(200);
    const beacon = await fetch(`${base}/games/42/played`, { method: "POST" });
    expect(beacon.status).toBe(204);
    expect((await fetch(`${base}/news`)).headers.get("x-cache")).toBe("HIT");
    cache.clear();
    expect((await fetch(`${base}/news`)).headers.get("x-cache")).toBe("MISS");
  });
});

/** A GET whose body is left as it came (fetch would decode it). */
function rawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe("page cache: a clear during a render", () => {
  it("sends a page whose render began before a clear, but does not keep it", async () => {
    const cache = new PageCache();
    let renders = 0;
    const app = express();
    app.use(cache.middleware());
    app.get("/news", async (_req, res) => {
      renders++;
      // The render read the news, then a write cleared the cache before the page was done.
      if (renders === 1) cache.clear();
      res.type("html").send(`<p>render ${renders}</p>`);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await (await fetch(`${base}/news`)).text()).toBe("<p>render 1</p>");
      const second = await fetch(`${base}/news`);
      expect(second.headers.get("x-cache")).toBe("MISS");
      expect(await second.text()).toBe("<p>render 2</p>");
      expect((await fetch(`${base}/news`)).headers.get("x-cache")).toBe("HIT");
    } finally {
      server.close();
    }
  });
});

describe("isSharedPage", () => {
  it("is true only for anonymous GETs and HEADs of the public pages", () => {
    const request = (method: string, path: string, headers: Record<string, string> = {}) => ({
      method,
      path,
      headers,
    });
    expect(isSharedPage(request("GET", "/"))).toBe(true);
    expect(isSharedPage(request("HEAD", "/news/abc"))).toBe(true);
    expect(isSharedPage(request("GET", "/sitemap.xml"))).toBe(true);
    expect(isSharedPage(request("POST", "/contact"))).toBe(false);
    expect(isSharedPage(request("GET", "/auth"))).toBe(false);
    expect(isSharedPage(request("GET", "/", { cookie: "a=b" }))).toBe(false);
    expect(isSharedPage(request("GET", "/", { authorization: "Bearer x" }))).toBe(false);
  });
});

describe("acceptedEncodings", () => {
  it("reads codings with their weights, refusing q=0, and lets * stand for the rest", () => {
    expect([...acceptedEncodings("gzip, deflate, br, zstd")].sort()).toEqual([
      "br",
      "deflate",
      "gzip",
      "zstd",
    ]);
    expect([...acceptedEncodings("br;q=0, gzip;q=0.5")]).toEqual(["gzip"]);
    expect([...acceptedEncodings("*;q=0.1, gzip;q=0")]).toEqual(["br"]);
    expect(acceptedEncodings("identity").size).toBe(1);
    expect(acceptedEncodings(undefined).size).toBe(0);
    expect(acceptedEncodings("gzip;q=nonsense").has("gzip")).toBe(false);
  });
});

describe("page cache before Express", () => {
  it("answers a fresh anonymous hit from plain Node with the per-response headers, and nothing else", async () => {
    const cache = new PageCache();
    let renders = 0;
    const app = express();
    app.use(cache.middleware());
    app.get("/games", (_req, res) => {
      renders++;
      res.type("html").send(`<h1>Games</h1>${"<p>game</p>".repeat(200)}`);
    });
    const server = http.createServer((req, res) => {
      if (!cache.serveHit(req, res, { "X-Request-Id": "raw-1" })) app(req, res);
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const miss = await rawGet(`${base}/games`, "gzip");
      expect(miss.headers["x-cache"]).toBe("MISS");
      const hit = await rawGet(`${base}/games`, "gzip");
      expect(hit.headers["x-cache"]).toBe("HIT");
      expect(hit.headers["x-request-id"]).toBe("raw-1");
      expect(hit.headers["content-encoding"]).toBe("gzip");
      expect(hit.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(zlib.gunzipSync(hit.body).toString()).toContain("<h1>Games</h1>");
      // A query string is another page; a cookie always goes to the framework.
      expect((await rawGet(`${base}/games?page=2`, "gzip")).headers["x-cache"]).toBe("MISS");
      const withCookie = await fetch(`${base}/games`, { headers: { Cookie: "a=b" } });
      expect(withCookie.headers.get("x-cache")).toBeNull();
      expect(renders).toBe(3);
    } finally {
      server.close();
    }
  });
});

describe("a page cache of other paths, with its hits behind a gate (the public API reads)", () => {
  const answers = new PageCache({ name: "api-answers", paths: [/^\/api\/v1\/news$/] });
  let allow = true;
  const gated: string[] = [];
  let reads = 0;
  let base = "";
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.use(
      answers.gatedHits(
        async (req) => {
          gated.push(req.originalUrl);
          return allow;
        },
        () => ({ "X-Request-Id": "kept-answer" }),
      ),
    );
    app.use(answers.middleware({ serve: false }));
    app.get("/api/v1/news", (req, res) => {
      reads++;
      if (!allow) return void res.status(429).json({ error: "limited" });
      res.json({ read: reads, query: req.query });
    });
    app.get("/api/v1/games", (_req, res) => res.json({ read: ++reads }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("is known by its own name and keeps only its own paths", async () => {
    expect(answers.name).toBe("api-answers");
    await fetch(`${base}/api/v1/games`);
    const games = await fetch(`${base}/api/v1/games`);
    expect(games.headers.get("x-cache")).toBeNull();
    expect(gated).toEqual([]);
  });

  it("asks the gate only when it holds a fresh copy, and serves the copy when the gate lets it", async () => {
    const first = await fetch(`${base}/api/v1/news?limit=2`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(gated).toEqual([]);
    const second = await fetch(`${base}/api/v1/news?limit=2`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("x-request-id")).toBe("kept-answer");
    expect(await second.json()).toEqual(await first.json());
    expect(gated).toEqual(["/api/v1/news?limit=2"]);
  });

  it("a request the gate holds back goes on to the handler, which answers it", async () => {
    allow = false;
    const refused = await fetch(`${base}/api/v1/news?limit=2`);
    expect(refused.status).toBe(429);
    allow = true;
    answers.clear();
    const afterClear = await fetch(`${base}/api/v1/news?limit=2`);
    expect(afterClear.headers.get("x-cache")).toBe("MISS");
  });
});

describe("the signed-in readers' page cache", () => {
  // What the session cache keeps per session: a copy is served only to the viewer it was rendered
  // for, while that very object is kept.
  const kept = new Map<string, object>();
  const current = {
    add(sid: string) {
      kept.set(sid, { sid });
      return current;
    },
    delete: (sid: string) => kept.delete(sid),
  };
  const sessionCookieOf = (header: string) => /(?:^|;\s*)sid=([^;]+)/.exec(header)?.[1] ?? null;
  const cache = new PageCache({
    name: "reader-pages",
    sharedPolicy: () => "script-src 'self'",
    signedIn: { sessionCookieOf, viewerOf: (sid) => kept.get(sid) },
  });
  let renders = 0;
  let base = "";
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.use(cache.middleware());
    app.get("/news", (req, res) => {
      renders++;
      const sid = sessionCookieOf(req.headers.cookie ?? "");
      if (req.query.toast) res.setHeader("Set-Cookie", "toast=; Max-Age=0");
      res.type("html").send(`<p>signed in as ${sid ?? "nobody"}, render ${renders}</p>`);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const page = async (cookie: string | null, path = "/news") => {
    const response = await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
    return { cache: response.headers.get("x-cache"), text: await response.text() };
  };

  it("keeps one copy per session, and serves it only to that session's Cookie header", async () => {
    current.add("alice").add("bob");
    const alice = await page("sid=alice");
    expect(alice).toMatchObject({ cache: "MISS", text: expect.stringContaining("alice") });
    expect(await page("sid=alice")).toEqual({ cache: "HIT", text: alice.text });
    const bob = await page("sid=bob");
    expect(bob.cache).toBe("MISS");
    expect(bob.text).toContain("signed in as bob");
    // Another cookie beside the session makes another page (a pending toast, a theme).
    expect((await page("sid=alice; theme=dark")).cache).toBe("MISS");
    // Anonymous visitors and other addresses are not this cache's.
    expect((await page(null)).cache).toBeNull();
    expect((await page("other=1")).cache).toBeNull();
  });

  it("serves nothing once the session is no longer current, and keeps nothing for it", async () => {
    current.add("carol");
    await page("sid=carol");
    expect((await page("sid=carol")).cache).toBe("HIT");
    // The session looked up again (a new kept object, as after its 30 s): the copy is not served.
    current.add("carol");
    expect((await page("sid=carol")).cache).toBe("MISS");
    expect((await page("sid=carol")).cache).toBe("HIT");
    current.delete("carol");
    const ended = await page("sid=carol");
    expect(ended.cache).toBe("MISS");
    const rendersBefore = renders;
    expect((await page("sid=carol")).cache).toBe("MISS");
    expect(renders).toBe(rendersBefore + 1);
  });

  it("keeps no answer that sets a cookie, and a clear of either kind empties it", async () => {
    current.add("dave");
    await page("sid=dave", "/news?toast=1");
    expect((await page("sid=dave", "/news?toast=1")).cache).toBe("MISS");
    expect(cache.holds).toEqual(["public", "sessions"]);
    await page("sid=dave");
    expect((await page("sid=dave")).cache).toBe("HIT");
    cache.clear();
    expect((await page("sid=dave")).cache).toBe("MISS");
  });

  it("names the key of a request it keeps: the Cookie header and the address", () => {
    const get = (headers: Record<string, string>, method = "GET", url = "/news?page=2") =>
      cache.keyOf({ method, url, headers });
    expect(get({ cookie: "sid=x" })).toBe("sid=x\n/news?page=2");
    expect(get({ cookie: "sid=x" }, "POST")).toBeNull();
    expect(get({ cookie: "sid=x", authorization: "Bearer t" })).toBeNull();
    expect(get({ cookie: "sid=x" }, "GET", "/profile")).toBeNull();
    expect(get({})).toBeNull();
  });
});
