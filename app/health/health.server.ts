import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Logger } from "~/platform/logging/logger.server";
import { HEALTH_PATHS, type HealthPath } from "./index";

// Health for load balancers and orchestrators (docs/product.md#health): liveness says the process
// is up; readiness says it should get traffic (not shutting down, database answering). A balancer
// asks several times a second, so the database is asked at most once per `maxAgeMs`: the answers in
// between reuse the last check, and callers arriving while a check runs wait for that same check.
// A state change (reachable ↔ unreachable) is logged once, never each call.

export type DatabaseState = "ok" | "unreachable";

export type DatabaseCheck = {
  database: DatabaseState;
  /** The round trip of the check this answer comes from, in ms. */
  responseTimeMs: number;
  /** When that check started (ms since the epoch). */
  checkedAt: number;
};

type ProbeOptions = {
  /** How long one check is reused. */
  maxAgeMs?: number;
  now?: () => number;
  /** Called when the state changes from the previous check's (not for the first check). */
  onChange?: (check: DatabaseCheck, error: unknown) => void;
};

export const CHECK_MAX_AGE_MS = 1_000;

/** A database check done at most once per `maxAgeMs`, shared by every caller in between. */
export function createDatabaseProbe(ping: () => Promise<void>, options: ProbeOptions = {}) {
  const { maxAgeMs = CHECK_MAX_AGE_MS, now = Date.now, onChange } = options;
  let last: DatabaseCheck | undefined;
  let running: Promise<DatabaseCheck> | undefined;

  async function run(): Promise<DatabaseCheck> {
    const checkedAt = now();
    const started = performance.now();
    let failure: unknown;
    try {
      await ping();
    } catch (error) {
      failure = error;
    }
    const check: DatabaseCheck = {
      database: failure === undefined ? "ok" : "unreachable",
      responseTimeMs: Math.round(performance.now() - started),
      checkedAt,
    };
    if (last && last.database !== check.database) onChange?.(check, failure);
    else if (!last && failure !== undefined) onChange?.(check, failure);
    last = check;
    return check;
  }

  return {
    check(): Promise<DatabaseCheck> {
      if (last && now() - last.checkedAt < maxAgeMs) return Promise.resolve(last);
      running ??= run().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

type HealthAnswer = { status: 200 | 503; body: Record<string, unknown> };

/** What health reads of the process's runtime (the Runtime passes as it is). */
export type HealthSources = {
  ping(): Promise<void>;
  isShuttingDown(): boolean;
  logger: Pick<Logger, "info" | "warn">;
  env: { DATABASE_URL?: string };
};

const probes = new WeakMap<HealthSources, ReturnType<typeof createDatabaseProbe>>();

/** This process's probe of its runtime's database (one per runtime). */
function probeOf(runtime: HealthSources) {
  let probe = probes.get(runtime);
  if (!probe) {
    probe = createDatabaseProbe(runtime.ping, {
      onChange: (check, error) => {
        if (check.database === "ok") runtime.logger.info("health check: database reachable again");
        else runtime.logger.warn({ err: error }, "health check: database unreachable");
      },
    });
    probes.set(runtime, probe);
  }
  return probe;
}

/** Liveness: the process answers. It stays 200 while shutting down, so it is not restarted then. */
export function liveness(): HealthAnswer {
  return { status: 200, body: { status: "ok" } };
}

/**
 * Readiness, with the details an operator reads (/healthz): 200 when the database answers, 503 while
 * shutting down (so balancers stop sending traffic) or when the database is unreachable.
 */
export async function readiness(runtime: HealthSources): Promise<HealthAnswer> {
  if (runtime.isShuttingDown()) {
    return { status: 503, body: { status: "shutting-down", database: "unknown" } };
  }
  const check = await probeOf(runtime).check();
  if (check.database === "ok") {
    return {
      status: 200,
      body: { status: "ok", database: "ok", responseTimeMs: check.responseTimeMs },
    };
  }
  return { status: 503, body: { status: "error", database: "unreachable" } };
}

/** What one health path answers: /livez liveness, /readyz readiness, /healthz readiness in detail. */
export async function probeAnswer(path: HealthPath, runtime: HealthSources): Promise<HealthAnswer> {
  if (path === "/livez") return liveness();
  const answer = await readiness(runtime);
  if (path === "/readyz") return { status: answer.status, body: { status: answer.body.status } };
  return answer;
}

/** The health path a request asks for (GET or HEAD, any query), or null. */
export function healthPathOf(
  method: string | undefined,
  url: string | undefined,
): HealthPath | null {
  if (method !== "GET" && method !== "HEAD") return null;
  const path = (url ?? "").split("?", 1)[0];
  return (HEALTH_PATHS as readonly string[]).includes(path ?? "") ? (path as HealthPath) : null;
}

const HEALTH_HEADERS = { "Content-Type": "application/json", "Cache-Control": "no-store" };

/** A health answer as the response every health route sends: JSON, never stored by a cache. */
export function healthResponse(answer: HealthAnswer): Response {
  return Response.json(answer.body, { status: answer.status, headers: HEALTH_HEADERS });
}

/**
 * Answers a health path on the plain Node response, before Express (no middleware, no log line):
 * the same answer as the route modules give. `headers` are the per-response ones.
 */
export async function answerProbe(
  path: HealthPath,
  runtime: HealthSources,
  method: string | undefined,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
): Promise<void> {
  const answer = await probeAnswer(path, runtime);
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    ...headers,
    ...HEALTH_HEADERS,
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(method === "HEAD" ? undefined : body);
}
