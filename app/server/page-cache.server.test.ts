import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncodings, PageCache } from "./page-cache.server";

describe("page cache", () => {
  const cache = new PageCache();
  let renders = 0;
  let writes = 0;
  let base = "";
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.nonce = `n${Math.random().toString(36).slice(2)}`;
      res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.nonce}'`);
      next();
    });
    app.use(
      cache.middleware(() => {
        writes++;
        cache.clear();
      }),
    );
    app.get("/news", (_req, res) => {
      renders++;
      res
        .type("html")
        .send(`<p>render ${renders}</p><script nonce="${res.locals.nonce}">1</script>`);
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
    app.post("/admin", (_req, res) => res.status(200).send("ok"));
    app.post("/refused", (_req, res) => res.status(403).send("no"));
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
    // The page keeps the nonce it was rendered with, and the CSP header that names it.
    const nonce = firstBody.match(/nonce="([^"]+)"/)?.[1];
    expect(second.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonce}'`);
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

  it("a successful write clears it; a refused one does not", async () => {
    await fetch(`${base}/news`);
    await fetch(`${base}/refused`, { method: "POST" });
    expect(writes).toBe(0);
    expect((await fetch(`${base}/news`)).headers.get("x-cache")).toBe("HIT");
    await fetch(`${base}/admin`, { method: "POST" });
    expect(writes).toBe(1);
    const after = await fetch(`${base}/news`);
    expect(after.headers.get("x-cache")).toBe("MISS");
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

describe("page cache: clearing on a write", () => {
  it("ends the write's response only after the clear (here and elsewhere) has finished", async () => {
    const cache = new PageCache();
    const events: string[] = [];
    const app = express();
    app.use(
      cache.middleware(async () => {
        events.push("clear started");
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push("clear finished");
      }),
    );
    app.post("/admin", (_req, res) => {
      // Streamed: the status line would leave with the first chunk.
      res.status(201).write("sa");
      res.end("ved");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const response = await fetch(`${base}/admin`, { method: "POST" });
      events.push(`answered ${response.status}`);
      expect(await response.text()).toBe("saved");
      expect(events).toEqual(["clear started", "clear finished", "answered 201"]);
    } finally {
      server.close();
    }
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
    app.use(cache.middleware(() => cache.clear()));
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
