import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { SHARED_CACHE_CONTROL } from "~/platform/http/shared-pages";
import { Microcache, sharedLifetime } from "./microcache.server";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * A site behind the cache as server/app.ts puts it: the cache answers before Express, Express
 * renders (counting its renders) and the cache keeps what it rendered. `answer` decides a render's
 * response; `gate` holds renders until released.
 */
async function site(
  answer: (req: express.Request, res: express.Response, n: number) => void = (_req, res, n) => {
    res
      .set("Cache-Control", SHARED_CACHE_CONTROL)
      .type("html")
      .send(`render ${n} ${"x".repeat(2000)}`);
  },
) {
  let now = 1_000_000;
  const cache = new Microcache({ now: () => now });
  let renders = 0;
  let held: (() => void)[] | null = null;
  const app = express();
  app.use(cache.capture());
  app.use((req, res) => {
    const n = ++renders;
    const go = () => answer(req, res, n);
    if (held) held.push(go);
    else go();
  });
  const server = http.createServer((req, res) =>
    cache.handle(req, res, { "X-Request-Id": "r" }, () => app(req, res)),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    renders: () => renders,
    advance: (ms: number) => {
      now += ms;
    },
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    get: async (path = "/news", headers: Record<string, string> = {}) => {
      const response = await fetch(base + path, { headers });
      return {
        status: response.status,
        cache: response.headers.get("x-cache"),
        body: await response.text(),
        headers: response.headers,
      };
    },
  };
}

describe("the page cache", () => {
  it("keeps an anonymous public page for its s-maxage, then renders it again", async () => {
    const s = await site();
    const first = await s.get();
    expect(first.cache).toBe("MISS");
    const again = await s.get();
    expect(again).toMatchObject({ status: 200, cache: "HIT", body: first.body });
    expect(again.headers.get("x-request-id")).toBe("r");
    s.advance(1_001);
    const later = await s.get();
    expect(later.cache).toBe("MISS");
    expect(later.body).toContain("render 2");
    expect(s.renders()).toBe(2);
  });

  it("renders a page once for visitors who come while it renders; others get the old copy meanwhile", async () => {
    const s = await site();
    await s.get();
    s.advance(1_500); // past its second, within stale-while-revalidate
    s.hold();
    const renderer = s.get();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const meanwhile = await Promise.all([s.get(), s.get(), s.get()]);
    expect(meanwhile.map((m) => m.cache)).toEqual(["STALE", "STALE", "STALE"]);
    expect(meanwhile[0]!.body).toContain("render 1");
    s.release();
    expect((await renderer).body).toContain("render 2");
    expect(s.renders()).toBe(2);

    // No copy at all: the visitors who come meanwhile wait for the one render.
    s.hold();
    const first = s.get("/games");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = [s.get("/games"), s.get("/games")];
    await new Promise((resolve) => setTimeout(resolve, 50));
    s.release();
    const answers = await Promise.all([first, ...waiting]);
    expect(answers.map((a) => a.cache)).toEqual(["MISS", "HIT", "HIT"]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(s.renders()).toBe(3);
  });

  it("gives no copy past stale-while-revalidate", async () => {
    const s = await site();
    await s.get();
    s.advance(7_000);
    expect((await s.get()).cache).toBe("MISS");
  });

  it("never answers or keeps a request with a cookie or an Authorization header", async () => {
    const s = await site();
    await s.get();
    expect((await s.get("/news", { Cookie: "visitor=1" })).cache).toBe(null);
    expect((await s.get("/news", { Authorization: "Bearer k" })).cache).toBe(null);
    expect(s.renders()).toBe(3);
    expect(s.cache.size()).toBe(1);
  });

  it("keeps only what says a shared cache may: public with s-maxage, a 200, no cookie set", async () => {
    const answers: Record<string, (res: express.Response) => void> = {
      "/private": (res) => res.set("Cache-Control", "private, no-cache").send("p"),
      "/browser-only": (res) => res.set("Cache-Control", "public, max-age=300").send("b"),
      "/cookie": (res) =>
        res.set("Cache-Control", SHARED_CACHE_CONTROL).cookie("studio.toast", "x").send("c"),
      "/missing": (res) => res.status(404).set("Cache-Control", SHARED_CACHE_CONTROL).send("n"),
    };
    const s = await site((req, res) => answers[req.path]!(res));
    for (const path of Object.keys(answers)) {
      await s.get(path);
      expect((await s.get(path)).cache, path).toBe("MISS");
    }
    expect(s.cache.size()).toBe(0);
  });

  it("drops its copy when the address stops being shareable (a page taken down)", async () => {
    let gone = false;
    const s = await site((_req, res, n) => {
      if (gone) res.status(404).set("Cache-Control", "private, no-cache").send("gone");
      else res.set("Cache-Control", SHARED_CACHE_CONTROL).send(`page ${n}`);
    });
    await s.get();
    gone = true;
    s.advance(1_500);
    expect((await s.get()).status).toBe(404);
    expect(await s.get()).toMatchObject({ status: 404 });
  });

  it("answers 304 to its ETag, HEAD without a body, and compresses a page once per encoding", async () => {
    const s = await site();
    await s.get();
    const hit = await s.get();
    const etag = hit.headers.get("etag")!;
    expect((await s.get("/news", { "If-None-Match": etag })).status).toBe(304);
    const gzipped = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve) => {
      const { port } = servers[0]!.address() as AddressInfo;
      http.get({ port, path: "/news", headers: { "Accept-Encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }),
        );
      });
    });
    expect(gzipped.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(hit.body);
  });

  it("keys a request by its whole address, also inside a mounted middleware", async () => {
    const cache = new Microcache();
    const app = express();
    const keys: (string | null)[] = [];
    app.use("/api/v1", (req, res) => {
      keys.push(cache.keyOf(req));
      res.end();
    });
    const server = http.createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await (await fetch(`http://127.0.0.1:${port}/api/v1/news?limit=2`)).text();
    // Not "/news?limit=2": that is the news page's address.
    expect(keys).toEqual(["/api/v1/news?limit=2"]);
  });

  it("Clear Cache empties it", async () => {
    const s = await site();
    await s.get();
    s.cache.clear();
    expect((await s.get()).cache).toBe("MISS");
  });
});

describe("sharedLifetime", () => {
  it("reads how long a shared cache may keep a response, and for how long stale", () => {
    expect(sharedLifetime(SHARED_CACHE_CONTROL)).toEqual({ fresh: 1, stale: 5 });
    expect(sharedLifetime("public, s-maxage=30")).toEqual({ fresh: 30, stale: 0 });
    expect(sharedLifetime("public, max-age=300")).toBeNull();
    expect(sharedLifetime("private, s-maxage=5")).toBeNull();
    expect(sharedLifetime("no-store")).toBeNull();
    expect(sharedLifetime(undefined)).toBeNull();
  });
});
