import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAuth } from "../../app/accounts/auth.server";
import type { SessionUser } from "../../app/accounts/session.server";
import { SessionCache } from "../../app/accounts/session-cache.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { nextPublication } from "../../app/news/news.server";
import { PublishClock } from "../../app/news/publish-clock.server";
import { createMailer } from "../../app/platform/mail/mailer.server";
import { CacheRegistry } from "../../app/platform/server/caches.server";
import { loadEnv } from "../../app/platform/server/env.server";
import { createLogger } from "../../app/platform/server/logger.server";
import { PublicReads } from "../../app/platform/server/public-reads.server";
import {
  createRateLimits,
  type LimitStore,
  limitStoreFor,
} from "../../app/platform/server/rate-limit.server";
import { configuredStorage } from "../../app/platform/storage/configured.server";
import { createAccountDefaults } from "../../app/profiles/profiles.server";
import { type AppContext } from "../../app/platform/server/context.server";

/** The router context a route module receives, over a test database. */
export function testContext(
  handle: DatabaseHandle,
  overrides: { clientIp?: string; env?: Record<string, string>; limitStore?: LimitStore } = {},
): AppContext {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-"));
  const env = loadEnv({
    DATA_DIR: dataDir,
    AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
    ...overrides.env,
  });
  const logger = createLogger("silent");
  const mailer = createMailer({ dataDir, logger });
  // As on a server: counters in the database on PostgreSQL, in memory (per database) on PGlite.
  const store = overrides.limitStore ?? limitStoreFor(handle.engine);
  const limits = createRateLimits(handle.db, env, store);
  // As on a server (app/runtime/create-runtime.server.ts): the session cache is cleared through
  // the registry by the auth library's session-changing endpoints.
  const caches = new CacheRegistry(logger);
  const sessions = new SessionCache<SessionUser>();
  caches.register(sessions);
  const reads = new PublicReads();
  caches.register(reads);
  // As on a server: scheduled news expires the public caches at its time.
  const clock = new PublishClock({
    db: handle.db,
    next: nextPublication,
    expire: () => caches.clearLocal("public"),
    onError: () => {},
  });
  caches.register(clock);
  void clock.start();
  return {
    runtime: {
      db: handle.db,
      database: handle,
      env,
      logger,
      mailer,
      storage: configuredStorage(env),
      caches,
      sessions,
      reads,
      limits,
      auth: createAuth({
        db: handle.db,
        env,
        mailer,
        logger,
        limits,
        sessionsChanged: () => caches.sessionsChanged(handle.db),
        accountDefaults: createAccountDefaults,
      }),
      ping: handle.ping,
      isShuttingDown: () => false,
    },
    nonce: "test-nonce",
    clientIp: overrides.clientIp ?? "203.0.113.7",
  };
}

/** The body and status of what a loader or action returned (a `data()` result or a plain value). */
export function unwrap<T>(result: unknown): { status: number; body: T } {
  if (
    result &&
    typeof result === "object" &&
    "type" in result &&
    (result as { type: string }).type === "DataWithResponseInit"
  ) {
    const value = result as unknown as { data: T; init: { status?: number } | null };
    return { status: value.init?.status ?? 200, body: value.data };
  }
  return { status: 200, body: result as T };
}
