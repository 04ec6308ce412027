import { count, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLIENT_IP_HEADER } from "../../app/accounts/auth.server";
import { authContext } from "../../app/accounts/auth-context.server";
import { PRODUCT_ENDPOINTS } from "../../app/accounts/auth-rules.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { rateLimits } from "../../app/db/schema";
import { loadEnv } from "../../app/platform/config/env.server";
import {
  AUTH_RULES,
  createRateLimits,
  type LimitStore,
  stopExpirySweeps,
} from "../../app/platform/limits/rate-limit.server";
import { runtimeContext } from "../../app/platform/server/context.server";
import { action as gamePlayed } from "../../app/routes/games-played";
import { testEngines } from "../support/database";
import { testContext } from "../support/runtime";

// The limiter under every limit (app/platform/limits/rate-limit.server.ts): its database store works on
// either engine (PostgreSQL uses it; PGlite keeps its counters in memory), and the limits that
// answer anonymous requests.

const env = (values: Record<string, string> = {}) =>
  loadEnv({ DATA_DIR: "/tmp/studio-limits", AUTH_SECRET: "x".repeat(32), ...values });

describe.each(testEngines())("rate limits on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe.each(["database", "memory"] as LimitStore[])("in the %s store", (store) => {
    // A limit kept in the store under test (the auth rules are; the API's is always in memory).
    const api = (limit: string) =>
      createRateLimits(handle.db, env(), store).authRule(60, Number(limit));

    it("counts hits per key in one window and refuses past the limit", async () => {
      const limit = api("3");
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limit.consume(`${store}:k1`));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
      expect(results[3]!.retryAfterSeconds).toBeGreaterThan(0);
      expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await limit.consume(`${store}:k2`)).allowed).toBe(true);
    });

    it("concurrent hits lose no increment", async () => {
      const limit = api("10");
      const hits = await Promise.all(
        Array.from({ length: 20 }, () => limit.consume(`${store}:burst`)),
      );
      expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    });

    it("checks without counting, blocks for a while, and forgets on reset", async () => {
      const limit = api("2");
      const key = `${store}:checked`;
      expect(await limit.check(key)).toMatchObject({ allowed: true, remaining: 2 });
      await limit.consume(key);
      expect(await limit.check(key)).toMatchObject({ allowed: true, remaining: 1 });
      await limit.block(key, 600);
      const blocked = await limit.check(key);
      expect(blocked.allowed).toBe(false);
      expect(blocked.retryAfterSeconds).toBeGreaterThan(590);
      await limit.reset(key);
      expect(await limit.check(key)).toMatchObject({ allowed: true, remaining: 2 });
    });

    it("two runtimes over one database count together", async () => {
      const a = api("2");
      const b = api("2");
      expect((await a.consume(`${store}:shared`)).allowed).toBe(true);
      expect((await b.consume(`${store}:shared`)).allowed).toBe(true);
      expect((await a.consume(`${store}:shared`)).allowed).toBe(false);
    });
  });

  it("a window that has passed starts counting again (database store)", async () => {
    const limit = createRateLimits(handle.db, env(), "database").authRule(60, 1);
    await limit.consume("old");
    expect((await limit.consume("old")).allowed).toBe(false);
    await handle.db.execute(
      sql`update rate_limits set expire = now() - interval '1 second' where key like 'auth:%:old'`,
    );
    expect((await limit.consume("old")).allowed).toBe(true);
  });

  it("the API's limit counts in memory: reads write nothing to the shared store", async () => {
    const limit = createRateLimits(handle.db, env({ API_RATE_LIMIT: "2" }), "database").api;
    const verdicts = [];
    for (let i = 0; i < 3; i++) verdicts.push((await limit.consume("reader")).allowed);
    expect(verdicts).toEqual([true, true, false]);
    const [stored] = await handle.db
      .select({ n: count() })
      .from(rateLimits)
      .where(like(rateLimits.key, "api:%"));
    expect(stored!.n).toBe(0);
  });

  it("every auth endpoint the product opens is counted under its own rule, none under the library's defaults", async () => {
    const context = testContext(handle);
    const { env, limits } = context.get(runtimeContext);
    const auth = context.get(authContext);
    const counted = vi.spyOn(limits, "authRule");
    let n = 0;
    for (const { method, path } of PRODUCT_ENDPOINTS) {
      counted.mockClear();
      const sample = path.replace("*", path.startsWith("/callback") ? "github" : "a-token");
      const answer = await auth.handler(
        new Request(`${env.SITE_URL}/api/auth${sample}`, {
          method,
          headers: {
            "Content-Type": "application/json",
            Origin: env.SITE_URL,
            [CLIENT_IP_HEADER]: `192.0.2.${++n}`,
          },
          body: method === "POST" ? "{}" : undefined,
        }),
      );
      // Open (the allowlist let it through), and not refused by any limit on a first request.
      expect([404, 429], `${method} ${sample}`).not.toContain(answer.status);
      const rule = AUTH_RULES[path];
      expect(rule, `${path} has a rule`).toBeDefined();
      const applied = counted.mock.calls.map(([window, max]) => ({ window, max }));
      expect(applied, `${method} ${sample}`).toEqual(rule ? [rule] : []);
    }
    counted.mockRestore();
  });

  it("a provider sign-in and a password change are not held to the library's 3 in 10 seconds", async () => {
    const context = testContext(handle);
    const { env } = context.get(runtimeContext);
    const auth = context.get(authContext);
    const post = (path: string) =>
      auth.handler(
        new Request(`${env.SITE_URL}/api/auth${path}`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Origin: env.SITE_URL,
            [CLIENT_IP_HEADER]: "192.0.2.200",
          },
          body: JSON.stringify({ provider: "github", callbackURL: "/" }),
        }),
      );
    // Each refused on its merits (no such provider here; no passwords given), never throttled.
    const merits = { "/sign-in/social": 404, "/change-password": 400 };
    for (const [path, status] of Object.entries(merits)) {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await post(path)).status);
      expect(statuses, path).toEqual(Array(5).fill(status));
    }
  });

  it("limits the anonymous game-played beacon per address", async () => {
    const context = testContext(handle, { clientIp: "192.0.2.77" });
    const played = () =>
      gamePlayed({
        request: new Request("http://localhost:3000/games/x/played", { method: "POST" }),
        params: { id: "00000000-0000-4000-8000-000000000001" },
        context,
      } as never);
    const statuses = [];
    for (let i = 0; i < 60; i++) statuses.push((await played()).status);
    expect(statuses).toEqual(Array(60).fill(204));
    const refused = await played();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address has its own allowance.
    const elsewhere = testContext(handle, { clientIp: "192.0.2.78" });
    const answer = await gamePlayed({
      request: new Request("http://localhost:3000/games/x/played", { method: "POST" }),
      params: { id: "00000000-0000-4000-8000-000000000001" },
      context: elsewhere,
    } as never);
    expect(answer.status).toBe(204);
  });
});

// The database store sweeps expired rows every five minutes. A closed database is swept no more
// once its sweep is stopped: the tests close a database per file in one process (the sweep of a
// closed one failed, with a warning, in whichever test file ran five minutes later).
describe("the sweep of expired rows", () => {
  it("runs on a timer and stops for a database being closed", async () => {
    const [engine] = testEngines();
    const handle = await engine!.open();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      createRateLimits(handle.db, env(), "database");
      await handle.close();
      // Swept while the database is gone: the library warns.
      await vi.advanceTimersByTimeAsync(5 * 60_000 + 1);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain("Failed to clear expired records");
      stopExpirySweeps(handle.db);
      await vi.advanceTimersByTimeAsync(20 * 60_000);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
