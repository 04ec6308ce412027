import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { DatabaseUnavailableError } from "~/db/availability.server";
import { AppError } from "~/platform/errors/app-error";
import type { Verdict } from "~/platform/limits/rate-limit.server";
import { decodeCursor, encodeCursor } from "~/platform/paging/cursor";
import { requestContext, runtimeContext } from "~/platform/server/context.server";
import { createApiRouter, matchPath, nextPageLink } from "./api-router.server";
import { ApiErrorBodySchema } from "./api-shapes";
import {
  defineEndpoint,
  type Endpoint,
  listEndpoint,
  pagedListEndpoint,
  routerStatuses,
  successStatus,
} from "./endpoint";
import { SHARED_CACHE_CONTROL } from "./shared-pages";

const ID = "6f1c1f5e-6d5a-4c41-9a43-2b7d3c5c9a10";
const Note = z.object({ text: z.string().min(1, "Text is required") });
type Caller = { id: string; email: string; role: "reader" | "writer" };

const run = vi.fn(async (_call: unknown): Promise<unknown> => ({ ok: true }));
const ENDPOINTS: Endpoint<"canWrite">[] = [
  defineEndpoint({
    method: "GET",
    path: "notes",
    summary: "List",
    permission: null,
    response: z.unknown(),
    statuses: [200, 400, 429, 503],
    run: (call) => run(call),
  }),
  defineEndpoint({
    method: "POST",
    path: "notes",
    summary: "Add",
    permission: "canWrite",
    body: Note,
    response: z.unknown(),
    statuses: [201, 400, 401, 403, 429, 503],
    run: (call) => run(call),
  }),
  defineEndpoint({
    method: "GET",
    path: "notes/:id",
    summary: "One",
    permission: null,
    response: z.unknown(),
    statuses: [200, 400, 404, 429, 503],
    run: (call) => run(call),
  }),
  defineEndpoint({
    method: "DELETE",
    path: "notes/:id",
    summary: "Delete",
    permission: "canWrite",
    response: z.unknown(),
    statuses: [200, 400, 401, 403, 404, 429, 503],
    run: (call) => run(call),
  }),
];

function setup(
  options: {
    caller?: Caller | null;
    limited?: boolean;
    limitFails?: boolean;
    counted?: Verdict;
  } = {},
) {
  run.mockClear();
  const identify = vi.fn(async () => options.caller ?? null);
  const logger = { warn: vi.fn(), error: vi.fn() };
  const consume = vi.fn(async () => {
    if (options.limitFails) throw new DatabaseUnavailableError();
    return options.limited
      ? { allowed: false, remaining: 0, retryAfterSeconds: 42 }
      : { allowed: true, remaining: 10, retryAfterSeconds: 0 };
  });
  const context = new RouterContextProvider();
  context.set(runtimeContext, { db: {}, logger, limits: { api: { consume } } } as never);
  context.set(requestContext, {
    nonce: undefined,
    clientIp: "192.0.2.1",
    apiVerdict: options.counted,
  });
  const handle = createApiRouter({
    endpoints: ENDPOINTS,
    identify,
    allows: (caller: Caller, permission) => permission === "canWrite" && caller.role === "writer",
  });
  async function call(method: string, path: string, body?: string) {
    const request = new Request(`http://localhost/api/v1/${path}`, { method, body });
    const response = await handle(request, context, path.split("?")[0]!);
    const text = await response.text();
    return { response, status: response.status, body: text ? JSON.parse(text) : null };
  }
  return { call, identify, consume, logger };
}

const writer: Caller = { id: "u1", email: "w@example.com", role: "writer" };

async function expectError(answer: { status: number; body: unknown; response: Response }) {
  expect(ApiErrorBodySchema.strict().parse(answer.body)).toEqual(answer.body);
  expect(answer.response.headers.get("Cache-Control")).toBe("no-store");
  return (answer.body as z.infer<typeof ApiErrorBodySchema>).error;
}

describe("the API router", () => {
  it("matches paths with parameters, decoded; a malformed escape stays as sent", () => {
    expect(matchPath("notes/:id", "notes/a%20b")).toEqual({ id: "a b" });
    expect(matchPath("notes/:id", "notes/%E0%A4%A")).toEqual({ id: "%E0%A4%A" });
    expect(matchPath("notes/:id", "notes")).toBeNull();
    expect(matchPath("notes", "notes/x")).toBeNull();
  });

  it("answers an unknown path 404 and a wrong method 405 with Allow, in the error shape", async () => {
    const { call } = setup();
    const missing = await call("GET", "nothing");
    expect(missing.status).toBe(404);
    expect((await expectError(missing)).message).toBe("No API endpoint at /api/v1/nothing.");
    const wrong = await call("PUT", "notes");
    expect(wrong.status).toBe(405);
    expect(wrong.response.headers.get("Allow")).toBe("GET, POST");
    expect(await expectError(wrong)).toEqual({
      code: "method_not_allowed",
      message: "PUT is not allowed here. Allowed: GET, POST.",
    });
  });

  it("hands the limit over: 20 by default, 1 to 100, anything else 400 invalid_limit", async () => {
    const { call } = setup();
    await call("GET", "notes");
    expect(run.mock.lastCall?.[0]).toMatchObject({ limit: 20, caller: null });
    await call("GET", "notes?limit=100");
    expect(run.mock.lastCall?.[0]).toMatchObject({ limit: 100 });
    for (const limit of ["0", "101", "abc", "1.5", ""]) {
      const answer = await call("GET", `notes?limit=${limit}`);
      expect(answer.status, limit).toBe(400);
      expect((await expectError(answer)).code).toBe("invalid_limit");
    }
  });

  it("answers 404 for an id that is not a UUID, before running anything", async () => {
    const { call } = setup();
    const answer = await call("GET", "notes/not-a-uuid");
    expect(answer.status).toBe(404);
    expect((await expectError(answer)).code).toBe("not_found");
    expect(run).not.toHaveBeenCalled();
    await call("GET", `notes/${ID}`);
    expect(run.mock.lastCall?.[0]).toMatchObject({ params: { id: ID } });
  });

  it("asks who the caller is only for protected endpoints: 401 signed out, 403 without the permission", async () => {
    const publicCall = setup();
    await publicCall.call("GET", "notes");
    expect(publicCall.identify).not.toHaveBeenCalled();

    const signedOut = await setup().call("DELETE", `notes/${ID}`);
    expect(signedOut.status).toBe(401);
    expect((await expectError(signedOut)).code).toBe("unauthenticated");
    const reader = await setup({ caller: { ...writer, role: "reader" } }).call(
      "DELETE",
      `notes/${ID}`,
    );
    expect(reader.status).toBe(403);
    expect((await expectError(reader)).code).toBe("forbidden");
    expect(run).not.toHaveBeenCalled();
  });

  it("parses the body with the endpoint's schema: invalid_json, validation_failed with fields", async () => {
    const { call } = setup({ caller: writer });
    for (const body of ["not json", "[1, 2]", "null", ""]) {
      const answer = await call("POST", "notes", body);
      expect(answer.status, body).toBe(400);
      expect((await expectError(answer)).code).toBe("invalid_json");
    }
    const invalid = await call("POST", "notes", JSON.stringify({ text: "" }));
    expect(await expectError(invalid)).toEqual({
      code: "validation_failed",
      message: "Text is required",
      fields: { text: "Text is required" },
    });
    expect(run).not.toHaveBeenCalled();
    const created = await call("POST", "notes", JSON.stringify({ text: "Hello" }));
    expect(created.status).toBe(201);
    expect(run.mock.lastCall?.[0]).toMatchObject({ input: { text: "Hello" }, caller: writer });
  });

  it("answers success as JSON: public reads kept a second by shared caches, writes never", async () => {
    const { call } = setup({ caller: writer });
    const list = await call("GET", "notes");
    expect(list.body).toEqual({ ok: true });
    expect(list.response.headers.get("Cache-Control")).toBe(SHARED_CACHE_CONTROL);
    const created = await call("POST", "notes", JSON.stringify({ text: "Hello" }));
    expect(created.response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("counts the rate limit once: a request counted before the page cache is not counted again", async () => {
    const counted = setup({ counted: { allowed: true, remaining: 3, retryAfterSeconds: 0 } });
    expect((await counted.call("GET", "notes")).status).toBe(200);
    expect(counted.consume).not.toHaveBeenCalled();
    const refused = setup({ counted: { allowed: false, remaining: 0, retryAfterSeconds: 7 } });
    const answer = await refused.call("GET", "notes");
    expect(answer.status).toBe(429);
    expect(answer.response.headers.get("Retry-After")).toBe("7");
    expect(refused.consume).not.toHaveBeenCalled();
  });

  it("answers 429 with Retry-After over the rate limit, and 503 when the limiter cannot reach the database", async () => {
    const limited = await setup({ limited: true }).call("GET", "notes");
    expect(limited.status).toBe(429);
    expect(limited.response.headers.get("Retry-After")).toBe("42");
    expect(await expectError(limited)).toEqual({
      code: "rate_limited",
      message: "Too many requests. Try again in 42 seconds.",
    });
    const down = await setup({ limitFails: true }).call("GET", "notes");
    expect(down.status).toBe(503);
    expect(Number(down.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await expectError(down)).code).toBe("unavailable");
  });

  it("answers an AppError from the endpoint with its status; anything else is a logged 500", async () => {
    const { call, logger } = setup();
    run.mockRejectedValueOnce(new AppError("conflict", "Changed first.", { code: "stale" }));
    const conflict = await call("GET", "notes");
    expect(conflict.status).toBe(409);
    expect(await expectError(conflict)).toEqual({ code: "stale", message: "Changed first." });
    run.mockRejectedValueOnce(new DatabaseUnavailableError());
    expect((await call("GET", "notes")).status).toBe(503);
    run.mockRejectedValueOnce(new TypeError("a bug"));
    const bug = await call("GET", "notes");
    expect(bug.status).toBe(500);
    expect(await expectError(bug)).toEqual({
      code: "internal",
      message: "The server could not complete the request.",
    });
    expect(logger.error).toHaveBeenCalledOnce();
  });

  it("says which statuses it can answer for an endpoint, and the one success", () => {
    expect(ENDPOINTS.map(routerStatuses)).toEqual([
      [400, 429, 503],
      [400, 401, 403, 429, 503],
      [400, 404, 429, 503],
      [400, 401, 403, 404, 429, 503],
    ]);
    expect(ENDPOINTS.map(successStatus)).toEqual([200, 201, 200, 200]);
  });

  it("a bounded list answers at most `limit` of what it reads, as {data, limit, next: null}", async () => {
    const entry = listEndpoint({
      path: "items",
      summary: "Items",
      permission: null,
      item: z.number(),
      statuses: [200, 400, 429, 503],
      read: async () => [1, 2, 3],
    });
    expect(entry.method).toBe("GET");
    expect(await entry.run({ limit: 2 } as never)).toEqual({ data: [1, 2], limit: 2, next: null });
    expect(entry.response.parse({ data: [1], limit: 1, next: null })).toEqual({
      data: [1],
      limit: 1,
      next: null,
    });
  });

  it("a paged list reads the page `?cursor=` names, answers its `next` and a Link header", async () => {
    const token = encodeCursor({ at: "2026-11-23T10:00:00.000000Z", id: crypto.randomUUID() });
    const asked: unknown[] = [];
    const entry = pagedListEndpoint({
      path: "items",
      summary: "Items",
      permission: null,
      item: z.number(),
      statuses: [200, 400, 429, 503],
      read: async ({ page }) => {
        asked.push(page);
        return { items: [1, 2], newer: null, older: token };
      },
    });
    expect(entry.paged).toBe(true);
    const call = (query: string) =>
      entry.run({
        limit: 2,
        request: new Request(`http://site.test/api/v1/items${query}`),
      } as never);
    expect(await call("?limit=2")).toEqual({ data: [1, 2], limit: 2, next: token });
    expect(await call(`?cursor=${token}`)).toEqual({ data: [1, 2], limit: 2, next: token });
    expect(asked).toEqual([
      { direction: "first" },
      { direction: "older", cursor: decodeCursor(token) },
    ]);
    await expect(call("?cursor=not-ours")).rejects.toMatchObject({
      code: "invalid_cursor",
      status: 400,
    });
    expect(
      nextPageLink(new Request("http://site.test/api/v1/items?limit=2"), { next: token }),
    ).toBe(`</api/v1/items?limit=2&cursor=${token}>; rel="next"`);
    expect(nextPageLink(new Request("http://site.test/api/v1/items"), { next: null })).toBeNull();
  });
});
