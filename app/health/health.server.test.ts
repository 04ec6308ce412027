import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { describe, expect, it, vi } from "vitest";
import {
  answerProbe,
  createDatabaseProbe,
  type HealthSources,
  healthPathOf,
  healthResponse,
  liveness,
  probeAnswer,
  readiness,
} from "./health.server";

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("the database probe", () => {
  it("asks the database at most once per second, however often it is asked", async () => {
    const time = clock();
    const ping = vi.fn(async () => {});
    const probe = createDatabaseProbe(ping, { now: time.now });
    for (let i = 0; i < 50; i++) {
      expect((await probe.check()).database).toBe("ok");
      time.advance(10); // 50 asks over 500 ms
    }
    expect(ping).toHaveBeenCalledTimes(1);
    time.advance(600);
    await probe.check();
    expect(ping).toHaveBeenCalledTimes(2);
  });

  it("callers arriving while a check runs share it", async () => {
    let release: () => void = () => {};
    const ping = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const probe = createDatabaseProbe(ping, { now: clock().now });
    const answers = Promise.all([probe.check(), probe.check(), probe.check()]);
    release();
    expect((await answers).map((check) => check.database)).toEqual(["ok", "ok", "ok"]);
    expect(ping).toHaveBeenCalledTimes(1);
  });

  it("a stale check is not answered while the database hangs: callers wait for the new one", async () => {
    const time = clock();
    let hang = false;
    let release: () => void = () => {};
    const probe = createDatabaseProbe(
      () => (hang ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()),
      { now: time.now },
    );
    await probe.check();
    hang = true;
    time.advance(1_500);
    let settled = false;
    const waiting = probe.check().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release();
    await waiting;
  });

  it("reports an unreachable database and each change of state once", async () => {
    const time = clock();
    let down = false;
    const onChange = vi.fn();
    const probe = createDatabaseProbe(
      async () => {
        if (down) throw new Error("connection refused");
      },
      { now: time.now, onChange },
    );
    const states: string[] = [];
    for (const next of [false, false, true, true, true, false, false]) {
      down = next;
      states.push((await probe.check()).database);
      time.advance(1_000);
    }
    expect(states).toEqual(["ok", "ok", "unreachable", "unreachable", "unreachable", "ok", "ok"]);
    expect(onChange.mock.calls.map(([check]) => check.database)).toEqual(["unreachable", "ok"]);
  });
});

function sources(overrides: Partial<HealthSources> = {}): HealthSources {
  return {
    ping: async () => {},
    isShuttingDown: () => false,
    logger: { info: vi.fn(), warn: vi.fn() } as unknown as HealthSources["logger"],
    env: {},
    ...overrides,
  };
}

describe("readiness and liveness", () => {
  it("ready with the database", async () => {
    const answer = await readiness(sources());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "ok", database: "ok" });
  });

  it("not ready without the database, with one warning however often it is asked", async () => {
    const runtime = sources({
      ping: async () => {
        throw new Error("connection refused");
      },
      env: { DATABASE_URL: "postgres://db.example/site" },
    });
    for (let i = 0; i < 5; i++) {
      const answer = await readiness(runtime);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: "error",
        database: "unreachable",
      });
    }
    expect(runtime.logger.warn).toHaveBeenCalledTimes(1);
  });

  it("not ready while shutting down, yet still alive (an orchestrator does not restart it)", async () => {
    const ping = vi.fn(async () => {});
    const runtime = sources({ ping, isShuttingDown: () => true });
    const answer = await readiness(runtime);
    expect(answer).toEqual({ status: 503, body: { status: "shutting-down", database: "unknown" } });
    expect(ping).not.toHaveBeenCalled();
    expect(liveness()).toEqual({ status: 200, body: { status: "ok" } });
  });
});

describe("the health paths answered before the router", () => {
  it("knows the three paths for GET and HEAD, whatever the query, and nothing else", () => {
    expect(healthPathOf("GET", "/healthz")).toBe("/healthz");
    expect(healthPathOf("HEAD", "/readyz?verbose=1")).toBe("/readyz");
    expect(healthPathOf("GET", "/livez")).toBe("/livez");
    expect(healthPathOf("POST", "/healthz")).toBeNull();
    expect(healthPathOf("GET", "/healthz/extra")).toBeNull();
    expect(healthPathOf("GET", "/")).toBeNull();
    expect(healthPathOf(undefined, undefined)).toBeNull();
  });

  /** A stand-in for node's ServerResponse that keeps what was written. */
  function response() {
    const written = { status: 0, headers: {} as OutgoingHttpHeaders, body: undefined as unknown };
    const res = {
      writeHead(status: number, headers: OutgoingHttpHeaders) {
        written.status = status;
        written.headers = headers;
        return res;
      },
      end(body?: unknown) {
        written.body = body;
      },
    };
    return { res: res as unknown as ServerResponse, written };
  }

  it("writes the route modules' answers: JSON, no-store, the given headers, no body for HEAD", async () => {
    const runtime = sources({ ping: vi.fn(async () => {}) });
    for (const path of ["/healthz", "/readyz", "/livez"] as const) {
      const { res, written } = response();
      await answerProbe(path, runtime, "GET", res, { "X-Request-Id": "r1" });
      const routeAnswer = healthResponse(await probeAnswer(path, runtime));
      expect(written.status).toBe(routeAnswer.status);
      expect(JSON.parse(String(written.body))).toEqual(await routeAnswer.json());
      expect(written.headers).toMatchObject({
        "X-Request-Id": "r1",
        "Content-Type": "application/json",
        "Cache-Control": "no-store",
        "Content-Length": Buffer.byteLength(String(written.body)),
      });
    }
    const { res, written } = response();
    await answerProbe("/readyz", sources({ isShuttingDown: () => true }), "HEAD", res, {});
    expect(written.status).toBe(503);
    expect(written.body).toBeUndefined();
  });
});
