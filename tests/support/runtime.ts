import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAuth } from "../../app/accounts/auth.server";
import { authContext } from "../../app/accounts/auth-context.server";
import { smsContext } from "../../app/accounts/phone/phone-context.server";
import { configuredSmsTransport } from "../../app/accounts/phone/sms-transport.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { eraseAccountNewsletter } from "../../app/newsletter/account-newsletter.server";
import { loadEnv } from "../../app/platform/config/env.server";
import { createJobs } from "../../app/platform/jobs/jobs.server";
import {
  createRateLimits,
  type LimitStore,
  limitStoreFor,
} from "../../app/platform/limits/rate-limit.server";
import { createLogger } from "../../app/platform/logging/logger.server";
import { createMailer } from "../../app/platform/mail/mailer.server";
import {
  type AppContext,
  requestContext,
  runtimeContext,
} from "../../app/platform/server/context.server";
import { Microcache } from "../../app/platform/server/microcache.server";
import { configuredStorage } from "../../app/platform/storage/configured.server";
import { createAccountDefaults } from "../../app/profiles/profiles.server";
import { type Runtime, routerContextFor } from "../../app/runtime/context";
import { mailIdentity } from "../../app/settings/settings.server";

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
  // As on a server: each mail's sender is read from the saved site settings.
  const mailer = createMailer({
    dataDir,
    logger,
    identity: () => mailIdentity(handle.db, env.SITE_URL),
  });
  // As on a server: counters in the database on PostgreSQL, in memory (per database) on PGlite.
  const store = overrides.limitStore ?? limitStoreFor(handle.engine);
  const limits = createRateLimits(handle.db, env, store);
  // Outside production without a provider, codes go to the outbox as mails do.
  const sms = configuredSmsTransport(env, { dataDir, logger });
  const runtime: Runtime = {
    db: handle.db,
    database: handle,
    env,
    logger,
    mailer,
    // Not started: what a request queues waits in the database for a test to drain it.
    jobs: createJobs(handle, logger),
    storage: configuredStorage(env),
    limits,
    sms,
    pageCache: new Microcache(),
    auth: createAuth({
      db: handle.db,
      env,
      mailer,
      logger,
      limits,
      sms,
      accountDefaults: createAccountDefaults,
      accountErasure: eraseAccountNewsletter,
    }),
    ping: handle.ping,
    isShuttingDown: () => false,
  };
  return routerContextFor(runtime, {
    nonce: "test-nonce",
    clientIp: overrides.clientIp ?? "203.0.113.7",
  });
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

/** The same runtime as another address's request (each rate limit counts per address). */
export function withClientIp(context: AppContext, clientIp: string): AppContext {
  const runtime = {
    ...context.get(runtimeContext),
    auth: context.get(authContext),
    sms: context.get(smsContext),
  } as Runtime;
  return routerContextFor(runtime, { ...context.get(requestContext), clientIp });
}
