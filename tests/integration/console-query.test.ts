import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleApi } from "../../app/api/api.server";
import { fieldCallRefused } from "../../app/console/sql-check.server";
import { inWorker, runOnPglite } from "../../app/console/sql-on-pglite.server";
import { runOnPostgres } from "../../app/console/sql-on-postgres.server";
import {
  consoleQueryStatus,
  describeConsoleQuery,
  QUERY_COST_LIMIT,
  QUERY_TIMEOUT_MS,
  QueryTimedOut,
} from "../../app/console/sql-query.server";
import { DEFAULT_READER_ROLE } from "../../app/console/sql-reader.server";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { staffAuditLog } from "../../app/db/schema";
import type { AppContext } from "../../app/platform/server/context.server";
import * as healthz from "../../app/routes/healthz";
import { signedInAs } from "../support/accounts";
import { createDatabase, testEngines } from "../support/database";
import { testContext, withClientIp } from "../support/runtime";
import { openForSuite } from "../support/suite";

// The owner's SQL box fails closed: it runs only as a reader role proven before
// each query, WITH queries cannot stand in for tables, and the time limit holds on both engines.

type Answer = {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
  text: string;
};

async function call(context: AppContext, cookie: string, method: string, body?: unknown) {
  const headers = new Headers({ Origin: "http://localhost:3000", Cookie: cookie });
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request("http://localhost:3000/api/v1/query", {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const ctx = withClientIp(context, `198.51.100.${crypto.randomInt(1, 250)}`);
  const response = await handleApi(request, ctx, "query");
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, text } as Answer;
}

const SHADOW_CTE =
  "select a.* from (with accounts as (select * from accounts) select user_id, password from accounts) a, profiles p where p.id = a.user_id";
const SHADOW_SESSIONS =
  "select s.* from (with sessions as (select * from sessions) select token from sessions) s, profiles";
const RECURSIVE =
  "select * from (with recursive t(n) as (select 1 union all select n + 1 from t) select n from t) x, profiles";

describe.each(testEngines())("the console's SQL box on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let owner: string;
  let ownerToken: string;

  openForSuite(
    engine,
    async (opened) => {
      ({ handle, context } = opened);
      const signedIn = await signedInAs(context, "owner");
      owner = signedIn.cookie;
      ownerToken = decodeURIComponent(owner.split("=")[1]!.split(".")[0]!);
      // A dozen profiles, so that a 12-way self-join is a real bomb.
      for (let i = 0; i < 11; i++) await signedInAs(context, "guest");
      // On PGlite this starts the box's engine, which takes seconds once per process.
      await consoleQueryStatus(handle);
    },
    120_000,
  );

  it("says it is available, and runs as the reader role: 10 rows at most, audited", async () => {
    expect((await call(context, owner, "GET")).body).toEqual({ available: true, reason: null });
    const result = await call(context, owner, "POST", {
      sql: "select current_user as who, username from profiles",
    });
    expect(result.status).toBe(200);
    expect(result.body.rowCount).toBe(10);
    expect(new Set((result.body.rows as { who: string }[]).map((r) => r.who))).toEqual(
      new Set(["studio_console_reader"]),
    );
    const audited = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "console.query"));
    expect(audited.map((a) => a.details)).toContainEqual({
      sql: "select current_user as who, username from profiles",
      rows: 10,
    });
  });

  it.each([
    [SHADOW_CTE, "accounts"],
    [SHADOW_SESSIONS, "sessions"],
  ])("refuses a WITH query named like a table inside a subquery: %s", async (query, table) => {
    const result = await call(context, owner, "POST", { sql: query });
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual({
      code: "query_refused",
      message: `A WITH query may not take the name of a table (${table}). Give it another name.`,
    });
    expect(result.text).not.toContain(ownerToken);
    expect(result.text).not.toMatch(/\$argon2/);
  });

  // The review's calls by attribute notation: PostgreSQL ran them as current_setting(…), pg_sleep(…)
  // and pg_advisory_lock(…), which the allow-list of calls never saw.
  it.each([
    ["select ('server_version').current_setting from profiles", "(…).current_setting"],
    ["select (1.5::float8).pg_sleep from profiles", "(…).pg_sleep"],
    [
      "select (id::bigint).pg_advisory_lock from (select 7 as id) x, profiles",
      "(…).pg_advisory_lock",
    ],
    ["select p.pg_advisory_lock from profiles p", "p.pg_advisory_lock"],
  ])("refuses a function called after a dot: %s", async (query, shown) => {
    const result = await call(context, owner, "POST", { sql: query });
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual({ code: "query_refused", message: fieldCallRefused(shown) });
  });

  it("refuses WITH RECURSIVE", async () => {
    const result = await call(context, owner, "POST", { sql: RECURSIVE });
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual({
      code: "query_refused",
      message: "Recursive queries (WITH RECURSIVE) are not allowed here.",
    });
  });

  it("keeps the spec's messages", async () => {
    for (const [query, message] of [
      ["  ", "Please enter a SQL query"],
      ["delete from profiles", "Only SELECT queries are allowed for safety"],
      ["select * from news", "Query not supported. Try selecting from profiles or user_roles."],
    ]) {
      const result = await call(context, owner, "POST", { sql: query });
      expect(result.body.error).toEqual({ code: "query_refused", message });
    }
  });

  // The time limit, with the process answering meanwhile: PGlite runs on the event loop, so a query
  // run there would hold every other request (the issue saw /healthz wait 24.5 s).
  describe("slow queries", () => {
    const TWELVE_WAY = `select count(*) from ${Array.from({ length: 12 }, (_, i) => `profiles p${i}`).join(", ")}`;
    // The planner takes length(a) = length(b) for a rare match; here it matches every pair.
    const LOOKS_CHEAP = `select count(*) from profiles p0 ${Array.from(
      { length: 9 },
      (_, i) => `join profiles p${i + 1} on length(p${i}.id) = length(p${i + 1}.id)`,
    ).join(" ")}`;

    /** Runs the query while asking /healthz every 50 ms; answers both timings. */
    async function whileProbing(query: string) {
      // The engine is started first: its start is not the query's time.
      expect((await call(context, owner, "GET")).body.available).toBe(true);
      const probes: number[] = [];
      let running = true;
      const prober = (async () => {
        while (running) {
          const started = performance.now();
          const answer = (await healthz.loader({ context } as never)) as Response;
          expect(answer.status).toBe(200);
          probes.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const started = performance.now();
      const result = await call(context, owner, "POST", { sql: query });
      const elapsed = performance.now() - started;
      running = false;
      await prober;
      return { result, elapsed, probes };
    }

    it("a 12-way self-join is refused or stopped within the limit; /healthz answers meanwhile", async () => {
      const { result, elapsed, probes } = await whileProbing(TWELVE_WAY);
      expect(result.status).toBe(400);
      expect(["query_refused", "query_timeout"]).toContain(result.body.error?.code);
      expect(elapsed).toBeLessThan(QUERY_TIMEOUT_MS + 3_000);
      expect(Math.max(...probes)).toBeLessThan(1_000);
    }, 60_000);

    it("a query whose plan looks cheap is stopped at the limit; /healthz answers meanwhile", async () => {
      const { result, elapsed, probes } = await whileProbing(LOOKS_CHEAP);
      expect(result.body.error).toEqual({
        code: "query_timeout",
        message: "The query took longer than 2 seconds and was stopped.",
      });
      expect(elapsed).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS);
      expect(elapsed).toBeLessThan(QUERY_TIMEOUT_MS + 3_000);
      expect(probes.length).toBeGreaterThanOrEqual(5);
      expect(Math.max(...probes)).toBeLessThan(1_000);
      // The box works again afterwards.
      const next = await call(context, owner, "POST", {
        sql: "select count(*)::int as n from profiles",
      });
      expect(next.body.rows).toEqual([{ n: 12 }]);
    }, 60_000);

    it.each([
      "select pg_sleep(30) from profiles",
      "select count(*) from profiles, generate_series(1, 100000000)",
      "select (select count(*) from generate_series(1, 100000000)) from profiles",
      "select pg_catalog.repeat('x', 100000000) from profiles",
    ])(
      "refuses %s at once",
      async (query) => {
        const { result, elapsed, probes } = await whileProbing(query);
        expect(result.status).toBe(400);
        expect(result.body.error?.code).toBe("query_refused");
        expect(elapsed).toBeLessThan(1_000);
        expect(Math.max(...probes)).toBeLessThan(1_000);
      },
      60_000,
    );
  });
});

// PostgreSQL: the app as a database user that may not create roles, as managed services run it.
const adminUrl = process.env.TEST_DATABASE_URL;
describe.runIf(adminUrl)("the SQL box on PostgreSQL without CREATEROLE", () => {
  const suffix = crypto.randomBytes(5).toString("hex");
  const login = `studio_app_${suffix}`;
  const reader = `studio_console_reader_${suffix}`;
  const database = `studio_test_noroles_${suffix}`;
  const password = crypto.randomBytes(12).toString("hex");
  let handle: DatabaseHandle;
  let context: AppContext;
  let owner: string;
  /** Every statement the app sent to PostgreSQL. */
  const sent: string[] = [];

  async function admin(text: string, db?: string) {
    const url = new URL(adminUrl!);
    if (db) url.pathname = `/${db}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    await admin(`create role ${login} login password '${password}' nocreaterole nosuperuser`);
    await admin(`create database ${database} owner ${login}`);
    const url = new URL(adminUrl!);
    url.username = login;
    url.password = password;
    url.pathname = `/${database}`;
    const opened = await openDatabase({ engine: "postgres", url: url.toString(), poolSize: 2 });
    handle = opened;
    if (opened.engine !== "postgres") throw new Error("opened on PostgreSQL");
    opened.pool.on("acquire", (client) => {
      const marked = client as pg.PoolClient & { recorded?: true };
      if (marked.recorded) return;
      marked.recorded = true;
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
        const first = args[0] as string | { text: string };
        sent.push(typeof first === "string" ? first : first.text);
        return query(...args);
      };
    });
    await migrate(handle);
    context = testContext(handle, { env: { CONSOLE_READER_ROLE: reader } });
    owner = (await signedInAs(context, "owner")).cookie;
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`drop database if exists ${database} with (force)`);
    await admin(`drop role if exists ${reader}`);
    await admin(`drop role if exists ${login}`);
  });

  it("answers unavailable, says why, and never runs the query as the app's user", async () => {
    const status = await call(context, owner, "GET");
    expect(status.status).toBe(200);
    expect(status.body.available).toBe(false);
    expect(status.body.reason).toMatch(new RegExp(`the role ${reader} does not exist`));

    const marker = `marker_${suffix}`;
    const result = await call(context, owner, "POST", {
      sql: `select username as ${marker} from profiles`,
    });
    expect(result.status).toBe(409);
    expect(result.body.error?.code).toBe("query_unavailable");
    expect(result.body.error?.message).toMatch(
      /^The SQL box is unavailable: the role .* does not exist/,
    );
    expect(result.body).not.toHaveProperty("rows");
    expect(sent.filter((text) => text.includes(marker))).toEqual([]);

    const startUp = await describeConsoleQuery(handle, { role: reader });
    expect(startUp.available).toBe(false);
    expect(startUp.message).toContain(`CREATE ROLE ${reader} NOLOGIN;`);
    expect(startUp.message).toContain(`GRANT ${reader} TO ${login};`);
  });

  it("a role that exists but the app may not switch to is refused too", async () => {
    await admin(`create role ${reader} nologin`);
    await admin(`grant select on public.profiles, public.user_roles to ${reader}`, database);
    const status = await call(context, owner, "GET");
    expect(status.body).toMatchObject({ available: false });
    expect(status.body.reason).toMatch(/may not switch to the role/);
  });

  it("once an operator grants the role, the box runs as it; a role that can read more is refused", async () => {
    await admin(`grant usage on schema public to ${reader}`, database);
    await admin(`grant ${reader} to ${login}`);
    expect((await call(context, owner, "GET")).body).toEqual({ available: true, reason: null });
    const result = await call(context, owner, "POST", {
      sql: "select current_user as who from profiles",
    });
    expect(result.body.rows).toEqual([{ who: reader }]);

    await admin(`grant select on public.sessions to ${reader}`, database);
    const marker = `over_${suffix}`;
    const refused = await call(context, owner, "POST", {
      sql: `select username as ${marker} from profiles`,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toContain("public.sessions");
    expect(sent.filter((text) => text.includes(marker))).toEqual([]);
    await admin(`revoke select on public.sessions from ${reader}`, database);

    await admin(`grant insert on public.profiles to ${reader}`, database);
    expect((await call(context, owner, "GET")).body.reason).toContain("public.profiles");
    await admin(`revoke insert on public.profiles from ${reader}`, database);
    expect((await call(context, owner, "GET")).body.available).toBe(true);
  });
});

// Whatever reaches the engine, the connection it ran on keeps nothing: the transaction is always
// rolled back (a SET or set_config is undone) and a session advisory lock, which outlives a
// rollback, gets the connection closed. These run the engine step itself, past the checker.
describe.each(testEngines())(
  "a console query leaves nothing on its connection on $name",
  (engine) => {
    const settings = { role: DEFAULT_READER_ROLE, costLimit: QUERY_COST_LIMIT };
    const LEAKY =
      "select pg_advisory_lock(4242) as locked, set_config('application_name', 'leaked', false) as name";
    const STATE = `select (select count(*)::int from pg_locks where pid = pg_backend_pid() and locktype = 'advisory') as locks,
    current_setting('application_name') as name, current_user::text = session_user::text as own_user`;
    let handle: DatabaseHandle;
    let drop = async () => {};

    beforeAll(async () => {
      if (engine.name === "pglite") {
        handle = await engine.open();
        return;
      }
      // One connection in the pool: the next query after the console's runs where it ran, or on
      // a new connection when that one was closed.
      const created = await createDatabase(process.env.TEST_DATABASE_URL!, "studio_test_");
      drop = created.drop;
      const migrating = await openDatabase({ engine: "postgres", url: created.url });
      await migrate(migrating);
      await migrating.close();
      handle = await openDatabase({ engine: "postgres", url: created.url, poolSize: 1 });
    }, 120_000);
    afterAll(async () => {
      await handle?.close();
      await drop();
    });

    /** The pool the PostgreSQL runs use (the PGlite runs never ask). */
    const pool = () => {
      if (handle.engine !== "postgres") throw new Error("not a PostgreSQL handle");
      return handle.pool;
    };

    /** The state of the session the next console query would run on. */
    async function sessionState() {
      if (engine.name === "postgres") {
        return (await pool().query(STATE)).rows[0];
      }
      const copies = ["profiles", "user_roles"].map((table) => ({
        table,
        columns: "id text",
        data: "",
      }));
      return inWorker(copies, settings, async (exec) => (await exec(STATE)).rows[0]);
    }
    const run = (statement: string) =>
      handle.engine === "postgres"
        ? runOnPostgres(handle, statement, settings)
        : runOnPglite(handle.pglite, statement, settings);

    it("a lock and a setting taken by a query that succeeded are gone", async () => {
      const result = await run(LEAKY);
      expect(result.rows).toEqual([{ locked: "", name: "leaked" }]);
      expect(await sessionState()).toEqual({
        locks: 0,
        name: expect.not.stringMatching(/leaked/),
        own_user: true,
      });
    }, 60_000);

    it("and after a query that was stopped at the time limit", async () => {
      await expect(
        run("select pg_advisory_lock(4243) as locked, pg_sleep(30) as slept"),
      ).rejects.toBeInstanceOf(QueryTimedOut);
      expect(await sessionState()).toEqual({
        locks: 0,
        name: expect.not.stringMatching(/leaked/),
        own_user: true,
      });
    }, 60_000);

    it.skipIf(engine.name !== "postgres")(
      "a clean connection stays in the pool",
      async () => {
        const pid = async () => (await pool().query("select pg_backend_pid() as pid")).rows[0]?.pid;
        const before = await pid();
        await run("select 1 as one");
        expect(await pid()).toBe(before);
        await run(LEAKY);
        expect(await pid()).not.toBe(before);
      },
      60_000,
    );
  },
);
