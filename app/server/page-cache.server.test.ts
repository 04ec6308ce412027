import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.server";

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

  it("renders an anonymous public page once and then serves it from memory", async () => {
    const first = await fetch(`${base}/news`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    const firstBody = await first.text();
    const second = await fetch(`${base}/news`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    const secondBody = await second.text();
    expect(secondBody.replace(/nonce="[^"]+"/, "")).toBe(firstBody.replace(/nonce="[^"]+"/, ""));
    // Each response carries its own nonce, even from memory.
    expect(secondBody.match(/nonce="([^"]+)"/)?.[1]).not.toBe(
      firstBody.match(/nonce="([^"]+)"/)?.[1],
    );
    expect(renders).toBe(1);
  });

  it("answers 304 to a matching If-None-Match for pages without nonces", async () => {
    await fetch(`${base}/news/feed.xml`);
    const hit = await fetch(`${base}/news/feed.xml`);
    const etag = hit.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await fetch(`${base}/news/feed.xml`, {
      headers: { "If-None-Match": etag },
    });
    expect(revalidated.status).toBe(304);
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
