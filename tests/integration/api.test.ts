import { Validator } from "@seriousme/openapi-schema-validator";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordActivity } from "../../app/activity/activity.server";
import { ENDPOINTS, handleApi } from "../../app/api/api.server";
import { openApiDocument } from "../../app/api/openapi.server";
import { consoleQueryStatus } from "../../app/console/sql-query.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { contactMessages, games, news, staffAuditLog } from "../../app/db/schema";
import { getNews } from "../../app/news/news.server";
import { createNews } from "../../app/news/news-writes.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { savePreferences } from "../../app/profiles/profiles.server";
import type { Role } from "../../app/roles/permissions";
import * as apiRoute from "../../app/routes/api-v1";
import { signedInAs } from "../support/accounts";
import { assertPublishedShape } from "../support/api-contract";
import { testEngines } from "../support/database";
import { withClientIp } from "../support/runtime";
import { openForSuite } from "../support/suite";

type Who = "signed out" | Role;
const WHO: Who[] = ["signed out", "guest", "moderator", "admin", "developer", "owner"];

/**
 * Who may call each endpoint and what it answers then, written out by hand from
 * docs/product.md#api (as tests/e2e/api.spec.ts does), never read from the permissions table the
 * server enforces: a change to that table or to an endpoint's permission must fail here.
 * `minimum` is the lowest role allowed (null: everyone, signed out too).
 */
const EXPECTED: Record<string, { minimum: Role | null; allowed: number }> = {
  "GET news": { minimum: null, allowed: 200 },
  "GET news/:id": { minimum: null, allowed: 200 },
  "POST news": { minimum: "admin", allowed: 201 },
  "PUT news/:id": { minimum: "admin", allowed: 200 },
  "DELETE news/:id": { minimum: "admin", allowed: 200 },
  "GET games": { minimum: null, allowed: 200 },
  "POST games": { minimum: "developer", allowed: 201 },
  "PUT games/:id": { minimum: "developer", allowed: 200 },
  "DELETE games/:id": { minimum: "developer", allowed: 200 },
  "GET messages": { minimum: "moderator", allowed: 200 },
  "GET profiles": { minimum: "developer", allowed: 200 },
  "GET user_preferences": { minimum: "developer", allowed: 200 },
  "GET user_roles": { minimum: "developer", allowed: 200 },
  "GET user_activity": { minimum: "developer", allowed: 200 },
  "GET developer_work": { minimum: "developer", allowed: 200 },
  "GET developer_work/me": { minimum: "developer", allowed: 200 },
  "PUT developer_work/me": { minimum: "developer", allowed: 200 },
  "GET team": { minimum: "developer", allowed: 200 },
  "GET health": { minimum: "developer", allowed: 200 },
  "GET stats": { minimum: "developer", allowed: 200 },
  "GET query": { minimum: "owner", allowed: 200 },
  "POST query": { minimum: "owner", allowed: 200 },
  "POST cache/clear": { minimum: "developer", allowed: 200 },
  // The service-token exchange takes an API key, never a session: 401 for everyone
  // (api-tokens.test.ts has the keys).
  "POST auth/token": { minimum: null, allowed: 401 },
  // Any signed-in account, its own factors (factors-api.test.ts has the rest): sent without a body
  // or to a factor it does not have, so nothing is texted.
  "GET factors": { minimum: "guest", allowed: 200 },
  "POST factors": { minimum: "guest", allowed: 400 },
  "POST factors/:factorId/challenge": { minimum: "guest", allowed: 404 },
  "POST factors/:factorId/verify": { minimum: "guest", allowed: 404 },
  "DELETE factors/:factorId": { minimum: "guest", allowed: 404 },
};

/** The status and error code `who` gets from the endpoint, by the table above. */
function expectedFor(key: string, who: Who): { status: number; code?: string } {
  const row = EXPECTED[key];
  if (!row) throw new Error(`${key} has no row in EXPECTED`);
  const code = row.allowed === 401 ? "unauthenticated" : undefined;
  if (row.minimum === null) return { status: row.allowed, code };
  if (who === "signed out") return { status: 401, code: "unauthenticated" };
  if (WHO.indexOf(who) < WHO.indexOf(row.minimum)) return { status: 403, code: "forbidden" };
  return { status: row.allowed, code };
}

const VALID_BODIES: Record<string, unknown> = {
  "POST news": { title: "API news", content: "From the API" },
  "PUT news/:id": { title: "API news, edited", content: "Edited" },
  "POST games": {
    title: "API game",
    description: "D",
    imageUrl: "https://img.example/a.png",
    status: "Released",
    url: "https://play.example/a",
  },
  "PUT games/:id": {
    title: "API game, edited",
    description: "D",
    imageUrl: "https://img.example/a.png",
    status: "Coming Soon",
    url: "https://play.example/a",
  },
  "PUT developer_work/me": { current_task: "  Shipping the API  " },
  "POST query": { sql: "select id, username from profiles" },
  "POST factors": { factor_type: "phone", friendly_name: "Phone", phone: "+46701234567" },
  "POST factors/:factorId/verify": { challenge_id: crypto.randomUUID(), code: "123456" },
};

describe.each(testEngines())("REST API v1 on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  const cookies = new Map<Who, string | undefined>();
  let ip = 0;

  async function call(
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown; ip?: string } = {},
  ) {
    const headers = new Headers({ Origin: "http://localhost:3000" });
    if (options.cookie) headers.set("Cookie", options.cookie);
    if (options.body !== undefined) headers.set("Content-Type", "application/json");
    const request = new Request(`http://localhost:3000/api/v1/${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const ctx = withClientIp(context, options.ip ?? `192.0.2.${(++ip % 250) + 1}`);
    const response = await handleApi(request, ctx, path.split("?")[0]!);
    const text = await response.text();
    const body = text ? JSON.parse(text) : null;
    // Every answer, success or error, parses with the schema the OpenAPI document publishes.
    assertPublishedShape(method, path, response.status, body);
    return { status: response.status, headers: response.headers, body };
  }

  openForSuite(
    engine,
    async (opened) => {
      ({ handle, context } = opened);
      cookies.set("signed out", undefined);
      for (const role of WHO.slice(1) as Role[])
        cookies.set(role, (await signedInAs(context, role)).cookie);
      // On PGlite this starts the SQL box's engine, which takes seconds once per process.
      await consoleQueryStatus(handle);
    },
    120_000,
  );

  it("has a hand-written row for every endpoint, and no row for one that is gone", () => {
    expect(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort()).toEqual(
      Object.keys(EXPECTED).sort(),
    );
  });

  for (const endpoint of ENDPOINTS) {
    it.each(WHO)(`${endpoint.method} /api/v1/${endpoint.path} as %s`, async (who) => {
      const item = await createNews(handle.db, { title: "Matrix", content: "Body" });
      let path = endpoint.path;
      if (path.includes(":id")) {
        const gameId = path.startsWith("games")
          ? ((
              await call("POST", "games", {
                cookie: cookies.get("owner"),
                body: VALID_BODIES["POST games"],
              })
            ).body.id as string)
          : item.id;
        path = path.replace(":id", gameId);
      }
      const result = await call(endpoint.method, path, {
        cookie: cookies.get(who),
        body: VALID_BODIES[`${endpoint.method} ${endpoint.path}`],
      });
      const want = expectedFor(`${endpoint.method} ${endpoint.path}`, who);
      expect(result.status).toBe(want.status);
      if (want.code) expect(result.body.error.code).toBe(want.code);
      // A refused delete leaves the item; an allowed one removes it.
      if (endpoint.method === "DELETE" && endpoint.path === "news/:id") {
        expect(await getNews(handle.db, item.id)).toEqual(want.status === 200 ? null : item);
      }
    });
  }

  it("answers unknown paths 404, wrong methods 405 with Allow, bad limits 400, all as JSON errors", async () => {
    expect((await call("GET", "nothing-here")).status).toBe(404);
    const wrong = await call("PATCH", "news");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET, POST");
    expect(wrong.body.error.code).toBe("method_not_allowed");
    for (const limit of ["0", "101", "abc", "1.5"]) {
      expect((await call("GET", `news?limit=${limit}`)).body.error.code).toBe("invalid_limit");
    }
    expect((await call("GET", "news/not-a-uuid")).status).toBe(404);
    // Found by fuzzing: a malformed escape in an id threw while matching and answered 500.
    for (const id of ["%E0%A4%A", "%", "%zz"]) {
      const answer = await call("PUT", `games/${id}`, { cookie: cookies.get("owner"), body: {} });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("not_found");
    }
    const invalid = await call("POST", "news", {
      cookie: cookies.get("admin"),
      body: { title: "" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toMatchObject({ title: "Please fill in all fields" });
  });

  it("limit caps lists: 10 rows when there are more", async () => {
    for (let i = 0; i < 12; i++) await createNews(handle.db, { title: `Bulk ${i}`, content: "x" });
    const result = await call("GET", "news?limit=10");
    expect(result.body.data).toHaveLength(10);
  });

  it("every paged list walks to its end by cursor, each row once, with the Link header", async () => {
    for (let i = 0; i < 4; i++) {
      await call("POST", "games", {
        cookie: cookies.get("owner"),
        body: VALID_BODIES["POST games"],
      });
      await createNews(handle.db, { title: `Paged ${i}`, content: "x" });
      await handle.db.insert(contactMessages).values({
        name: `Sender ${i}`,
        email: `sender${i}@mail.example`,
        subject: "Paging",
        message: "Hello",
      });
    }
    const cookie = cookies.get("owner");
    /** Every row of a list, page by page, following the Link header. */
    async function walk(list: string, limit: number) {
      const rows: unknown[] = [];
      let path = `${list}?limit=${limit}`;
      for (;;) {
        const page = await call("GET", path, { cookie });
        expect(page.status, path).toBe(200);
        rows.push(...page.body.data);
        const link = page.headers.get("Link");
        if (page.body.next === null) {
          expect(link, path).toBeNull();
          return rows;
        }
        expect(page.body.data, path).toHaveLength(limit);
        expect(link, path).toBe(
          `</api/v1/${list}?limit=${limit}&cursor=${page.body.next}>; rel="next"`,
        );
        path = link!.slice("</api/v1/".length, link!.indexOf(">"));
      }
    }
    const lists = ENDPOINTS.filter((endpoint) => endpoint.paged).map((endpoint) => endpoint.path);
    expect(lists).toEqual(["news", "games", "messages", "profiles", "user_roles"]);
    for (const list of lists) {
      const byThree = await walk(list, 3);
      expect(byThree.length, list).toBeGreaterThan(3);
      expect(byThree, list).toEqual(await walk(list, 100));
    }
    const refused = await call("GET", "news?cursor=not-a-cursor");
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("invalid_cursor");
  });

  it("limits each address to 120 requests a minute with 429 and Retry-After", async () => {
    let last = { status: 0, headers: new Headers(), body: null as unknown };
    for (let i = 0; i < 121; i++) last = await call("GET", "health", { ip: "198.51.100.77" });
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("sets and clears my current work: trimmed, empty saved as null, status active", async () => {
    const dev = cookies.get("developer");
    const saved = await call("PUT", "developer_work/me", {
      cookie: dev,
      body: { current_task: "  Boss fight  " },
    });
    expect(saved.body).toMatchObject({ currentTask: "Boss fight", status: "active" });
    const team = await call("GET", "team", { cookie: dev });
    expect(team.body.data.map((m: { currentTask: string | null }) => m.currentTask)).toContain(
      "Boss fight",
    );
    const cleared = await call("PUT", "developer_work/me", {
      cookie: dev,
      body: { current_task: "   " },
    });
    expect(cleared.body.currentTask).toBeNull();
  });

  it("user_activity and user_preferences answer with the caller's own rows only", async () => {
    const mine = await signedInAs(context, "developer");
    const other = await signedInAs(context, "developer");
    await recordActivity(handle.db, mine.id, "news_view", { id: "a" });
    await recordActivity(handle.db, other.id, "game_view", { id: "b" });
    await savePreferences(context.get(runtimeContext).db, other.id, {
      emailNotifications: false,
      themePreference: "dark",
      privacyLevel: "private",
    });

    const activity = await call("GET", "user_activity?limit=10", { cookie: mine.cookie });
    expect(activity.status).toBe(200);
    expect(activity.body.limit).toBe(10);
    const types = activity.body.data.map((a: { activityType: string }) => a.activityType);
    expect(types).toContain("news_view");
    expect(types).not.toContain("game_view");

    const preferences = await call("GET", "user_preferences?limit=10", { cookie: mine.cookie });
    expect(preferences.status).toBe(200);
    // Never saved: the defaults (docs/product.md#settings-tab), not the other account's choices.
    expect(preferences.body.data).toEqual([
      { emailNotifications: true, themePreference: "system", privacyLevel: "public" },
    ]);
  });

  it("runs the owner's query read-only, at most 10 rows, and audits it", async () => {
    const result = await call("POST", "query", {
      cookie: cookies.get("owner"),
      body: { sql: "select username from profiles" },
    });
    expect(result.status).toBe(200);
    expect(result.body.rowCount).toBeLessThanOrEqual(10);
    expect(result.body.columns).toEqual(["username"]);
    const refused = await call("POST", "query", {
      cookie: cookies.get("owner"),
      body: { sql: "select * from profiles; delete from profiles" },
    });
    expect(refused.status).toBe(400);
    const audited = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "console.query"));
    expect(audited.length).toBeGreaterThanOrEqual(2);
    expect(audited.map((a) => (a.details as { sql: string }).sql)).toContain(
      "select username from profiles",
    );
  });

  it("runs the owner's query as the reader role, which can read profiles and user_roles alone", async () => {
    const owner = cookies.get("owner");
    expect((await call("GET", "query", { cookie: owner })).body).toEqual({
      available: true,
      reason: null,
    });
    const who = await call("POST", "query", {
      cookie: owner,
      body: { sql: "select current_user as who from profiles limit 1" },
    });
    expect(who.body.rows).toEqual([{ who: "studio_console_reader" }]);
    // On PGlite the box reads a copy of the two tables on a worker; here the database itself refuses.
    if (engine.name !== "postgres") return;
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql.raw("SET LOCAL ROLE studio_console_reader"));
        await tx.execute(sql.raw("select count(*) from profiles"));
        await tx.execute(sql.raw("select count(*) from users"));
      }),
    ).rejects.toSatisfy((error: Error) =>
      /permission denied/.test(`${error.message} ${(error.cause as Error)?.message}`),
    );
  });

  // The review's case: Ghost and WordPress spell a draft `status`; the field was dropped and the
  // post went out at once.
  it("refuses a news post with a field it does not take (status: draft), naming it; nothing is stored", async () => {
    const newsCount = () => handle.db.select({ n: count() }).from(news);
    const before = await newsCount();
    const result = await call("POST", "news", {
      cookie: cookies.get("owner"),
      body: { title: "Not yet", content: "A draft, the caller thought", status: "draft" },
    });
    const message =
      "Unknown field: status. This endpoint takes: title, content, slug, state, publishAt, coverImage, coverAlt, games, kind, version, tags, mailLists.";
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual({
      code: "unknown_fields",
      message,
      fields: { status: message },
    });
    expect(await newsCount()).toEqual(before);
  });

  it("every endpoint that takes a body refuses fields it does not take, with a 400 naming them", async () => {
    const writes = ENDPOINTS.filter((endpoint) => endpoint.body);
    expect(writes.map((e) => `${e.method} ${e.path}`).sort()).toEqual(
      [
        "POST factors",
        "POST factors/:factorId/verify",
        "POST games",
        "POST news",
        "POST query",
        "PUT developer_work/me",
        "PUT games/:id",
        "PUT news/:id",
      ].sort(),
    );
    const item = await createNews(handle.db, { title: "Kept as it is", content: "Body" });
    const game = await call("POST", "games", {
      cookie: cookies.get("owner"),
      body: VALID_BODIES["POST games"],
    });
    for (const endpoint of writes) {
      const key = `${endpoint.method} ${endpoint.path}`;
      const valid = VALID_BODIES[key] ?? { sql: "select id from profiles" };
      const path = endpoint.path.replace(
        ":id",
        endpoint.path.startsWith("games") ? (game.body.id as string) : item.id,
      );
      const result = await call(endpoint.method, path, {
        cookie: cookies.get("owner"),
        body: { ...(valid as object), published: false, extra_field: 1 },
      });
      expect(result.status, key).toBe(400);
      expect(result.body.error.code, key).toBe("unknown_fields");
      expect(result.body.error.message, key).toMatch(
        /^Unknown fields: published, extra_field\. This endpoint takes: /,
      );
    }
    // Nothing changed: the item and the game as they were.
    expect((await call("GET", `news/${item.id}`)).body.title).toBe("Kept as it is");
    const stored = await handle.db
      .select({ title: games.title, status: games.status })
      .from(games)
      .where(eq(games.id, game.body.id as string));
    expect(stored).toEqual([{ title: "API game", status: "Released" }]);
  });

  it("publishes a valid OpenAPI 3.1 document listing every endpoint", async () => {
    const request = new Request("http://localhost:3000/api/v1/openapi.json");
    const response = (await apiRoute.loader({
      request,
      context,
      params: { "*": "openapi.json" },
    } as never)) as Response;
    const document = await response.json();
    expect(document).toEqual(openApiDocument(context.get(runtimeContext).env.SITE_URL));
    const validation = await new Validator().validate(document);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);
    for (const endpoint of ENDPOINTS) {
      const path = `/api/v1/${endpoint.path.replace(/:(\w+)/g, "{$1}")}`;
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${path}`).toBeDefined();
      // A body takes the fields its schema names and no other.
      if (endpoint.body) {
        expect(
          operation.requestBody.content["application/json"].schema.additionalProperties,
          `${endpoint.method} ${path}`,
        ).toBe(false);
      }
    }
  });
});

describe("the published-schema check the calls above go through", () => {
  const item = {
    id: "6f1c1f5e-6d5a-4c41-9a43-2b7d3c5c9a10",
    title: "T",
    content: "C",
    date: "2026-01-02T03:04:05.000Z",
    updatedAt: "2026-01-02T03:04:05.000Z",
    slug: "t",
    excerpt: "C",
    format: "markdown",
    state: "published",
    publishedAt: "2026-01-02T03:04:05.000Z",
    coverImage: null,
    coverAlt: null,
    games: [],
    kind: "news",
    version: null,
    tags: [],
  };
  it("passes an answer that fits, and fails one with a field too many, too few or mistyped", () => {
    expect(() => assertPublishedShape("GET", `news/${item.id}`, 200, item)).not.toThrow();
    expect(() =>
      assertPublishedShape("GET", `news/${item.id}`, 200, { ...item, createdAt: item.date }),
    ).toThrow(/fields its published schema does not list/);
    expect(() =>
      assertPublishedShape("GET", "news?limit=1", 200, { data: [{ ...item, title: 1 }], limit: 1 }),
    ).toThrow(/does not fit/);
    expect(() =>
      assertPublishedShape("GET", "nothing", 404, { error: { code: "not_found" } }),
    ).toThrow(/does not fit/);
  });
});
