import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBodySchema } from "../../app/platform/http/api-shapes";
import { ROLES, type Role } from "../../app/roles/permissions";
import { assertPublishedShape } from "../support/api-contract";
import { startSite, type TestSite } from "../support/site";

// The REST API v1 over real HTTP (docs/product.md#api, the API's endpoint table), sent to the
// production site in this process (tests/support/site.ts): every endpoint answers each role as the
// permissions say, wrong methods get 405 with Allow, unknown paths 404, every error has the shape
// {error: {code, message}}, and the OpenAPI document describes it. Every answer read here is
// parsed with the schema the OpenAPI document publishes for it (the endpoint's own response
// schema, or the error shape), so an answer cannot drift from it. The reference page /api/docs as a
// reader sees it stays a browser test (tests/e2e/api.spec.ts).

type Who = "signed out" | Role;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

type Call = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** As the endpoint table names it. */
  path: string;
  /** The lowest role allowed; null for public. */
  minimum: Role | null;
  /** What the call sends once authorised; chosen so no shared data changes. */
  url?: string;
  body?: unknown;
  /** The answer once authorised. */
  allowed: number;
  allowedCode?: string;
};

const CALLS: Call[] = [
  { method: "GET", path: "news", minimum: null, allowed: 200 },
  // The service-token exchange takes an API key, never a session: without one, 401 for everyone
  // (the keys themselves: console.spec.ts and tests/integration/api-tokens.test.ts).
  {
    method: "POST",
    path: "auth/token",
    minimum: null,
    allowed: 401,
    allowedCode: "unauthenticated",
  },
  {
    method: "GET",
    path: "news/:id",
    minimum: null,
    url: `news/${UNKNOWN_ID}`,
    allowed: 404,
    allowedCode: "not_found",
  },
  // Authorised writes are sent invalid or aimed at an unknown id: they prove the role got past the
  // permission check without changing the news or games the other tests read.
  {
    method: "POST",
    path: "news",
    minimum: "admin",
    body: {},
    allowed: 400,
    allowedCode: "validation_failed",
  },
  {
    method: "PUT",
    path: "news/:id",
    minimum: "admin",
    url: `news/${UNKNOWN_ID}`,
    body: { title: "Edited", content: "Edited" },
    allowed: 404,
    allowedCode: "not_found",
  },
  {
    method: "DELETE",
    path: "news/:id",
    minimum: "admin",
    url: `news/${UNKNOWN_ID}`,
    allowed: 404,
    allowedCode: "not_found",
  },
  { method: "GET", path: "games", minimum: null, allowed: 200 },
  {
    method: "POST",
    path: "games",
    minimum: "developer",
    body: {},
    allowed: 400,
    allowedCode: "validation_failed",
  },
  {
    method: "PUT",
    path: "games/:id",
    minimum: "developer",
    url: `games/${UNKNOWN_ID}`,
    body: {},
    allowed: 400,
    allowedCode: "validation_failed",
  },
  {
    method: "DELETE",
    path: "games/:id",
    minimum: "developer",
    url: `games/${UNKNOWN_ID}`,
    allowed: 404,
    allowedCode: "not_found",
  },
  { method: "GET", path: "messages", minimum: "moderator", allowed: 200 },
  { method: "GET", path: "profiles", minimum: "developer", allowed: 200 },
  { method: "GET", path: "user_roles", minimum: "developer", allowed: 200 },
  { method: "GET", path: "user_activity", minimum: "developer", allowed: 200 },
  { method: "GET", path: "user_preferences", minimum: "developer", allowed: 200 },
  { method: "GET", path: "developer_work", minimum: "developer", allowed: 200 },
  { method: "GET", path: "developer_work/me", minimum: "developer", allowed: 200 },
  {
    // A task that is not text: refused, so no one's current work changes.
    method: "PUT",
    path: "developer_work/me",
    minimum: "developer",
    body: { current_task: 42 },
    allowed: 400,
    allowedCode: "validation_failed",
  },
  { method: "GET", path: "team", minimum: "developer", allowed: 200 },
  { method: "GET", path: "health", minimum: "developer", allowed: 200 },
  { method: "GET", path: "stats", minimum: "developer", allowed: 200 },
  {
    method: "POST",
    path: "query",
    minimum: "owner",
    body: { sql: "select username from profiles" },
    allowed: 200,
  },
  { method: "GET", path: "query", minimum: "owner", allowed: 200 },
  { method: "POST", path: "cache/clear", minimum: "developer", allowed: 200 },
  // Any signed-in account, its own factors: sent invalid or to a factor it does not have, so
  // nothing is texted and the session's age does not matter.
  { method: "GET", path: "factors", minimum: "guest", allowed: 200 },
  {
    method: "POST",
    path: "factors",
    minimum: "guest",
    body: {},
    allowed: 400,
    allowedCode: "validation_failed",
  },
  {
    method: "POST",
    path: "factors/:factorId/challenge",
    minimum: "guest",
    url: `factors/${UNKNOWN_ID}/challenge`,
    allowed: 404,
    allowedCode: "not_found",
  },
  {
    method: "POST",
    path: "factors/:factorId/verify",
    minimum: "guest",
    url: `factors/${UNKNOWN_ID}/verify`,
    body: {},
    allowed: 400,
    allowedCode: "validation_failed",
  },
  {
    method: "DELETE",
    path: "factors/:factorId",
    minimum: "guest",
    url: `factors/${UNKNOWN_ID}`,
    allowed: 404,
    allowedCode: "not_found",
  },
];

const rank = (role: Role) => ROLES.indexOf(role);

function expectedFor(call: Call, who: Who): { status: number; code?: string } {
  if (call.minimum === null) return { status: call.allowed, code: call.allowedCode };
  if (who === "signed out") return { status: 401, code: "unauthenticated" };
  if (rank(who) < rank(call.minimum)) return { status: 403, code: "forbidden" };
  return { status: call.allowed, code: call.allowedCode };
}

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** A call as a script sends it: a JSON body when there is one, signed in as `who`. */
function send(method: string, path: string, body?: unknown, who: Who = "signed out") {
  return site.fetch(`/api/v1/${path}`, {
    method,
    ...(body === undefined ? {} : { json: body }),
    ...(who === "signed out" ? {} : { as: who }),
  });
}

/** Reads an answer, checked against the schema the OpenAPI document publishes for it. */
async function published(response: Response, method: string, path: string) {
  const body = await response.json();
  assertPublishedShape(method, path, response.status, body);
  return body;
}

/** Asserts the API's error shape and returns the error. */
async function expectError(response: Response, status: number, code?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  const body = await response.json();
  expect(ApiErrorBodySchema.strict().parse(body)).toEqual(body);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(typeof body.error.code).toBe("string");
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  if (code) expect(body.error.code).toBe(code);
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

const WHO: Who[] = ["signed out", ...ROLES];

describe("the API's permissions", () => {
  for (const who of WHO) {
    it(`${who}: every endpoint answers as the permissions say`, async () => {
      const answers: string[] = [];
      const expected: string[] = [];
      for (const call of CALLS) {
        const response = await send(call.method, call.url ?? call.path, call.body, who);
        const want = expectedFor(call, who);
        const label = `${call.method} ${call.path}`;
        answers.push(`${label} → ${response.status}`);
        expected.push(`${label} → ${want.status}`);
        if (response.status >= 400) {
          const error = await expectError(response, response.status);
          if (want.code && response.status === want.status) {
            expect(error.code, label).toBe(want.code);
          }
        } else {
          expect(response.headers.get("content-type"), label).toContain("application/json");
          await published(response, call.method, call.url ?? call.path);
        }
      }
      expect(answers).toEqual(expected);
    });
  }

  it("the endpoint table above covers every operation the OpenAPI document lists", async () => {
    const response = await site.fetch("/api/v1/openapi.json");
    const document = await response.json();
    const listed = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) =>
            `${method.toUpperCase()} ${path.replace("/api/v1/", "").replace(/\{(\w+)\}/g, ":$1")}`,
        ),
      )
      .sort();
    expect(listed).toEqual(CALLS.map((c) => `${c.method} ${c.path}`).sort());
    // Each protected operation names the permission its role matrix above follows.
    const permissionOf = (method: string, path: string) =>
      document.paths[`/api/v1/${path.replace(/:(\w+)/g, "{$1}")}`][method.toLowerCase()][
        "x-permission"
      ] ?? null;
    expect(permissionOf("GET", "messages")).toBe("canManageMessages");
    expect(permissionOf("POST", "news")).toBe("canManageNews");
    expect(permissionOf("POST", "games")).toBe("canManageGames");
    expect(permissionOf("GET", "stats")).toBe("canAccessDevConsole");
    expect(permissionOf("POST", "query")).toBe("canManageRoles");
    expect(permissionOf("GET", "news")).toBeNull();
  });
});

describe("the API's answers", () => {
  it("public lists: news and games for everyone, with limit honoured and cacheable", async () => {
    const news = await site.fetch("/api/v1/news?limit=2");
    expect(news.status).toBe(200);
    expect(news.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=1, stale-while-revalidate=5",
    );
    const newsBody = await published(news, "GET", "news?limit=2");
    expect(newsBody.limit).toBe(2);
    expect(newsBody.data).toHaveLength(2);
    // The next page, by the cursor in the body and in the Link header.
    expect(news.headers.get("link")).toBe(
      `</api/v1/news?limit=2&cursor=${newsBody.next}>; rel="next"`,
    );
    const second = await published(
      await site.fetch(`/api/v1/news?limit=2&cursor=${newsBody.next}`),
      "GET",
      "news?limit=2",
    );
    expect(second.data[0].id).not.toBe(newsBody.data[0].id);
    expect(Date.parse(second.data[0].date)).toBeLessThanOrEqual(Date.parse(newsBody.data[1].date));
    for (const item of newsBody.data) {
      expect(Object.keys(item).sort()).toEqual([
        "content",
        "coverAlt",
        "coverImage",
        "date",
        "excerpt",
        "format",
        "games",
        "id",
        "kind",
        "publishedAt",
        "slug",
        "state",
        "tags",
        "title",
        "updatedAt",
        "version",
      ]);
      // Never the lists it is mailed to (staff only).
      expect(item).not.toHaveProperty("mailLists");
      // The public list holds published items only.
      expect(item.state).toBe("published");
    }
    const dates = newsBody.data.map((item: { date: string }) => Date.parse(item.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const one = await site.fetch(`/api/v1/news/${newsBody.data[0].id}`);
    expect(one.status).toBe(200);
    expect((await published(one, "GET", `news/${newsBody.data[0].id}`)).title).toBe(
      newsBody.data[0].title,
    );

    const games = await site.fetch("/api/v1/games");
    expect(games.status).toBe(200);
    const gamesBody = await published(games, "GET", "games");
    expect(gamesBody.limit).toBe(20);
    const orders = gamesBody.data.map((game: { displayOrder: number }) => game.displayOrder);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));

    for (const limit of ["0", "101", "abc", "2.5"]) {
      await expectError(await site.fetch(`/api/v1/news?limit=${limit}`), 400, "invalid_limit");
    }
  });

  it("a wrong method is 405 with the allowed methods in Allow", async () => {
    const cases: [string, string, string][] = [
      ["PATCH", "news", "GET, POST"],
      ["DELETE", "news", "GET, POST"],
      ["POST", `news/${UNKNOWN_ID}`, "GET, PUT, DELETE"],
      ["GET", `games/${UNKNOWN_ID}`, "PUT, DELETE"],
      ["POST", "health", "GET"],
      ["DELETE", "query", "GET, POST"],
      ["GET", "cache/clear", "POST"],
      ["DELETE", "developer_work/me", "GET, PUT"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await send(method, path, method === "GET" ? undefined : {});
      const error = await expectError(response, 405, "method_not_allowed");
      expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
      expect(error.message).toContain(method);
    }
  });

  it("an unknown table or path is 404 with the error shape, signed in or not", async () => {
    for (const path of ["nonexistent", "news/extra/segment", "users", "sessions"]) {
      const error = await expectError(await site.fetch(`/api/v1/${path}`), 404, "not_found");
      expect(error.message).toContain(`/api/v1/${path}`);
    }
    await expectError(await site.fetch("/api/v1/news/not-a-uuid"), 404, "not_found");
    await expectError(await site.fetch(`/api/v1/news/${UNKNOWN_ID}`), 404, "not_found");

    // A JSON body with each method but GET (fetch sends none with GET).
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const body = method === "GET" ? undefined : {};
      await expectError(await send(method, "nonexistent", body, "owner"), 404, "not_found");
    }
  });

  it("validation errors name their fields; a body that is not JSON is refused", async () => {
    const error = await expectError(
      await send("POST", "news", { title: "Only a title" }, "admin"),
      400,
      "validation_failed",
    );
    expect(error.fields).toEqual({ content: "Please fill in all fields" });
    expect(error.message).toBe("Please fill in all fields");

    await expectError(
      await site.fetch("/api/v1/news", {
        method: "POST",
        as: "admin",
        headers: { "Content-Type": "application/json" },
        body: "not json",
      }),
      400,
      "invalid_json",
    );
    await expectError(await send("POST", "news", [1, 2], "admin"), 400, "invalid_json");
  });

  it("the owner's query endpoint runs one read of profiles and refuses everything else", async () => {
    const query = (sql: string) => send("POST", "query", { sql }, "owner");

    const read = await query("select username from profiles where username = 'owner@e2e.test'");
    expect(read.status).toBe(200);
    expect(await published(read, "POST", "query")).toMatchObject({
      columns: ["username"],
      rows: [{ username: "owner@e2e.test" }],
      rowCount: 1,
    });

    // At most 10 rows.
    const many = await published(
      await query("select p.username from profiles p, user_roles r"),
      "POST",
      "query",
    );
    expect(many.rowCount).toBeLessThanOrEqual(10);
    expect(many.rows).toHaveLength(many.rowCount);

    const refusals: [string, string][] = [
      ["", "Please enter a SQL query"],
      ["delete from profiles", "Only SELECT queries are allowed for safety"],
      ["select * from news", "Query not supported. Try selecting from profiles or user_roles."],
      ["select * from profiles; delete from profiles", "Run exactly one statement at a time."],
      ["select * from profiles, users", "The table users cannot be queried here"],
      ["select pg_sleep(5) from profiles", "The function pg_sleep is not allowed here."],
    ];
    for (const [sql, message] of refusals) {
      const error = await expectError(await query(sql), 400);
      expect(error.message, sql).toContain(message);
    }

    const still = await (
      await query("select count(*)::int as n from profiles where username like '%@e2e.test'")
    ).json();
    expect(still.rows).toEqual([{ n: 5 }]);
  });

  it("/api/v1/openapi.json is an OpenAPI 3.1.0 document listing the news endpoints", async () => {
    const response = await site.fetch("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toEqual(expect.any(String));
    expect(Object.keys(document.paths["/api/v1/news"]).sort()).toEqual(["get", "post"]);
    expect(document.paths["/api/v1/news"].post.responses["201"]).toBeDefined();
    expect(document.paths["/api/v1/news"].post.responses["403"]).toBeDefined();
    expect(document.paths["/api/v1/news/{id}"].get.parameters[0]).toMatchObject({
      name: "id",
      in: "path",
      required: true,
    });
  });
});
