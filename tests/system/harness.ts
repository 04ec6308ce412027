import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "../../app/db/database.server";
import { loadEnv } from "../../app/platform/config/env.server";
import type { Role } from "../../app/roles/permissions";
import { createUsers } from "../support/accounts";
import { createDatabase } from "../support/database";
import { findNginx } from "../support/nginx";
import { killLeftoverServers, type ServerProcess, startServer } from "../support/processes";

// Shared by the system tests: what they need from the machine, a database of their own, users,
// and small HTTP helpers.

export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** One secret for every process: a session signed by one must be accepted by the others. */
export const AUTH_SECRET = "system-test-secret-system-test-secret-0123";
export const PASSWORD = "system test password";

/**
 * Null when the machine has what the tests need; otherwise why not. Missing tools skip the tests
 * locally, but on CI (CI=true, or SYSTEM_TESTS_REQUIRED=1 as .ci/run sets) they fail: CI must
 * prove these properties.
 */
export async function missingRequirement(needs: { nginx?: boolean }): Promise<string | null> {
  const missing: string[] = [];
  if (!(await postgresAnswers())) missing.push(`no PostgreSQL answers at ${redacted()}`);
  if (needs.nginx && !findNginx()) missing.push("no nginx (set NGINX_PATH or install nginx)");
  if (missing.length === 0) return null;
  const reason = missing.join("; ");
  if (process.env.CI === "true" || process.env.SYSTEM_TESTS_REQUIRED === "1") {
    throw new Error(`The system tests must run here but cannot: ${reason}`);
  }
  return reason;
}

function redacted() {
  const url = new URL(ADMIN_DATABASE_URL);
  url.password = "";
  return url.toString();
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: ADMIN_DATABASE_URL,
    connectionTimeoutMillis: 3000,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export type TestDatabase = {
  name: string;
  url: string;
  urlVia(port: number): string;
  drop(): Promise<void>;
};

/** A new, empty PostgreSQL database (the servers migrate it), dropped by drop(). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const created = await createDatabase(
    ADMIN_DATABASE_URL,
    process.env.TEST_DATABASE_PREFIX ?? "studio_system_",
  );
  return {
    ...created,
    urlVia(port: number) {
      const via = new URL(created.url);
      via.hostname = "127.0.0.1";
      via.port = String(port);
      return via.toString();
    },
  };
}

/** The PostgreSQL server behind ADMIN_DATABASE_URL, for the TCP proxy to forward to. */
export function postgresTarget(): { host: string; port: number } {
  const url = new URL(ADMIN_DATABASE_URL);
  return { host: url.hostname || "127.0.0.1", port: Number(url.port || 5432) };
}

/** A user with a verified email, made the way `studio user create` makes one. */
export async function createUser(db: Database, email: string, role: Role): Promise<void> {
  const dataDir = tempDir("studio-system-cli-");
  await createUsers(db, loadEnv({ DATA_DIR: dataDir, AUTH_SECRET }), [
    { email, password: PASSWORD, role },
  ]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Two production processes sharing a new PostgreSQL database that holds one admin account. */
export type ProcessPair = {
  servers: [ServerProcess, ServerProcess];
  database: TestDatabase;
  /** Stops both, drops the database and removes their data folders. */
  stop(): Promise<void>;
};

export async function startProcessPair(options: {
  /** Names the processes' data folders. */
  name: string;
  admin: string;
  siteUrl?: string;
  /** More of the processes' environment (NODE_ENV, TEST_CLOCK_FILE). */
  env?: Record<string, string>;
}): Promise<ProcessPair> {
  const database = await createTestDatabase();
  const dataDirs: string[] = [];
  const started: ServerProcess[] = [];
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    AUTH_SECRET,
    SITE_URL: options.siteUrl ?? "http://127.0.0.1:9",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  const start = async () => {
    const dataDir = tempDir(`studio-${options.name}-`);
    dataDirs.push(dataDir);
    const server = await startServer({ dataDir, env });
    started.push(server);
    return server;
  };
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await killLeftoverServers();
    await database.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const servers = (await Promise.all([start(), start()])) as [ServerProcess, ServerProcess];
    const direct = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
    try {
      await createUser(direct.db, options.admin, "admin");
    } finally {
      await direct.close();
    }
    return { servers, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Signs in through the auth endpoint of the server at `base`; returns the Cookie header to send. */
export async function signIn(base: string, email: string, clientIp?: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(clientIp ? { "X-Forwarded-For": clientIp } : {}),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Posts a form of the page at `path` as a signed-in browser without JavaScript does. */
export async function postForm(
  base: string,
  path: string,
  cookie: string,
  form: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: base,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

/** Makes a personal API key on the profile of `cookie`'s user; the key, shown once. */
export async function createApiKey(base: string, cookie: string, name: string): Promise<string> {
  const made = await postForm(base, "/profile", cookie, { intent: "create-api-key", name });
  const key = /studio_[A-Za-z0-9_-]+/.exec(made.text)?.[0];
  if (made.status !== 200 || !key) throw new Error(`no API key made: ${made.status}`);
  return key;
}

/** Posts the contact form the way a browser without JavaScript does. */
export function sendContact(
  base: string,
  fields: { name: string; email: string; subject: string; message: string },
  clientIp: string,
): Promise<Response> {
  return fetch(`${base}/contact`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": clientIp,
    },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** A client address of its own for each call (sent as X-Forwarded-For), for per-address limits. */
let addressCounter = 0;
export function uniqueClientIp(): string {
  addressCounter++;
  const n = (process.pid * 7 + addressCounter) % 65_000;
  return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a condition (polled every `everyMs`), never a fixed time: answers its first truthy
 * value, or throws `what` and the last value once `timeoutMs` has passed.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T>,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<Exclude<T, false | 0 | "" | null | undefined>> {
  const until = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, false | 0 | "" | null | undefined>;
    if (Date.now() > until)
      throw new Error(
        `${what}: not so after ${options.timeoutMs ?? 60_000} ms (last: ${JSON.stringify(value)})`,
      );
    await sleep(options.everyMs ?? 100);
  }
}

/**
 * Whether the job queues named have nothing to do now: no job running, and none due (waiting for a
 * time still to come is nothing to do). Once so, no process will act on them until that time.
 */
export async function queuesSettled(db: Database, queues: string[]): Promise<boolean> {
  const { rows } = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from pgboss.job where name in ${queues}
      and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`);
  return Number(rows[0]?.count) === 0;
}
