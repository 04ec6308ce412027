import { desc } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { getSessionUser, type SessionUser } from "~/accounts/index.server";
import { listRecentActivity } from "~/activity/index.server";
import {
  consoleQueryStatus,
  databaseMessage,
  getWork,
  listTeam,
  measureHealth,
  QueryRefused,
  QueryTimedOut,
  QueryUnavailable,
  runConsoleQuery,
  saveWork,
  tableCounts,
} from "~/console/index.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/db/availability.server";
import { isUuid } from "~/db/ids";
import { profiles, userRoles } from "~/db/schema";
import { GameSchema } from "~/games";
import { addGame, deleteGame, listGames, updateGame } from "~/games/index.server";
import { listMessages } from "~/messages/index.server";
import { NewsSchema } from "~/news";
import { addNews, deleteNews, getNews, listNews, updateNews } from "~/news/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { isAppError } from "~/platform/errors/app-error";
import { parseForm } from "~/platform/forms/form-errors";
import { addressKey, type Verdict } from "~/platform/server/rate-limit.server";
import { getPreferences } from "~/profiles/index.server";
import { can, type Permission } from "~/roles";
import * as S from "./api-schemas";

// The REST API v1: one table of endpoints, each with its permission, used by the handler, the role
// matrix tests and the OpenAPI document alike.

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Ctx = {
  request: Request;
  context: AppLoadContext;
  user: SessionUser | null;
  params: Record<string, string>;
  limit: number;
  body: () => Promise<Record<string, unknown>>;
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export type Endpoint = {
  method: Method;
  path: string;
  summary: string;
  /** null: public. */
  permission: Permission | null;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Its success changes what the public pages show: the page cache is cleared before the answer. */
  changesPublicPages?: true;
  run: (ctx: Ctx) => Promise<unknown>;
};

const actorOf = (user: SessionUser | null) => ({ id: user!.id, email: user!.email });

function parsed<T>(
  result:
    | { success: true; data: T }
    | { success: false; errors: Record<string, string | undefined> },
): T {
  if (result.success) return result.data;
  const fields = Object.fromEntries(Object.entries(result.errors).filter(([, v]) => v)) as Record<
    string,
    string
  >;
  throw new ApiError(
    400,
    "validation_failed",
    Object.values(fields)[0] ?? "The request is not valid.",
    fields,
  );
}

function notFoundAs404(error: unknown): never {
  if (isAppError(error) && error.kind === "not_found")
    throw new ApiError(404, "not_found", error.message);
  throw error;
}

export const ENDPOINTS: Endpoint[] = [
  {
    method: "GET",
    path: "news",
    summary: "List news, newest first",
    permission: null,
    response: S.List(S.NewsItem),
    run: async ({ context, limit }) => ({
      data: await listNews(context.runtime.db, { limit }),
      limit,
    }),
  },
  {
    method: "GET",
    path: "news/:id",
    summary: "One news item",
    permission: null,
    response: S.NewsItem,
    run: async ({ context, params }) => {
      const item = await getNews(context.runtime.db, params.id!);
      if (!item) throw new ApiError(404, "not_found", "No news item with that id.");
      return item;
    },
  },
  {
    method: "POST",
    path: "news",
    summary: "Add a news item",
    permission: "canManageNews",
    body: NewsSchema,
    response: S.NewsItem,
    changesPublicPages: true,
    run: async ({ context, user, body }) =>
      addNews(context.runtime.db, parsed(parseForm(NewsSchema, await body())), actorOf(user)),
  },
  {
    method: "PUT",
    path: "news/:id",
    summary: "Update a news item",
    permission: "canManageNews",
    body: NewsSchema,
    response: S.NewsItem,
    changesPublicPages: true,
    run: async ({ context, user, params, body }) =>
      updateNews(
        context.runtime.db,
        params.id!,
        parsed(parseForm(NewsSchema, await body())),
        actorOf(user),
      ).catch(notFoundAs404),
  },
  {
    method: "DELETE",
    path: "news/:id",
    summary: "Delete a news item",
    permission: "canManageNews",
    changesPublicPages: true,
    run: async ({ context, user, params }) => {
      await deleteNews(context.runtime.db, params.id!, actorOf(user)).catch(notFoundAs404);
      return { deleted: params.id };
    },
  },
  {
    method: "GET",
    path: "games",
    summary: "List games in display order",
    permission: null,
    response: S.List(S.GameItem),
    run: async ({ context, limit }) => ({
      data: (await listGames(context.runtime.db)).slice(0, limit),
      limit,
    }),
  },
  {
    method: "POST",
    path: "games",
    summary: "Add a game",
    permission: "canManageGames",
    body: GameSchema,
    response: S.GameItem,
    changesPublicPages: true,
    run: async ({ context, user, body }) =>
      addGame(context.runtime.db, parsed(parseForm(GameSchema, await body())), actorOf(user)),
  },
  {
    method: "PUT",
    path: "games/:id",
    summary: "Update a game",
    permission: "canManageGames",
    body: GameSchema,
    response: S.GameItem,
    changesPublicPages: true,
    run: async ({ context, user, params, body }) =>
      updateGame(
        context.runtime.db,
        params.id!,
        parsed(parseForm(GameSchema, await body())),
        actorOf(user),
      ).catch(notFoundAs404),
  },
  {
    method: "DELETE",
    path: "games/:id",
    summary: "Delete a game",
    permission: "canManageGames",
    changesPublicPages: true,
    run: async ({ context, user, params }) => {
      await deleteGame(context.runtime.db, params.id!, actorOf(user)).catch(notFoundAs404);
      return { deleted: params.id };
    },
  },
  {
    method: "GET",
    path: "messages",
    summary: "Contact messages, newest first",
    permission: "canManageMessages",
    response: S.List(S.MessageItem),
    run: async ({ context, limit }) => ({
      data: (await listMessages(context.runtime.db)).slice(0, limit),
      limit,
    }),
  },
  {
    method: "GET",
    path: "profiles",
    summary: "Profiles (id, username, display name)",
    permission: "canAccessDevConsole",
    response: S.List(S.ProfileItem),
    run: async ({ context, limit }) => {
      const rows = await context.runtime.db
        .select({
          id: profiles.id,
          username: profiles.username,
          displayName: profiles.displayName,
          createdAt: profiles.createdAt,
        })
        .from(profiles)
        .orderBy(desc(profiles.createdAt))
        .limit(limit);
      return { data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), limit };
    },
  },
  {
    method: "GET",
    path: "user_roles",
    summary: "Assigned roles",
    permission: "canAccessDevConsole",
    response: S.List(S.RoleItem),
    run: async ({ context, limit }) => {
      const rows = await context.runtime.db
        .select()
        .from(userRoles)
        .orderBy(desc(userRoles.assignedAt))
        .limit(limit);
      return {
        data: rows.map((r) => ({
          userId: r.userId,
          role: r.role,
          assignedAt: r.assignedAt.toISOString(),
        })),
        limit,
      };
    },
  },
  // The two per-user tables answer with the caller's own rows only, as the spec's backend did for
  // each user's activity and preferences: no account reads another's (decision 030).
  {
    method: "GET",
    path: "user_activity",
    summary: "Your own recent activity, newest first",
    permission: "canAccessDevConsole",
    response: S.List(S.ActivityItem),
    run: async ({ context, user, limit }) => ({
      data: (await listRecentActivity(context.runtime.db, user!.id)).slice(0, limit),
      limit,
    }),
  },
  {
    method: "GET",
    path: "user_preferences",
    summary: "Your own preferences",
    permission: "canAccessDevConsole",
    response: S.List(S.PreferencesItem),
    run: async ({ context, user, limit }) => ({
      data: [await getPreferences(context.runtime.db, user!.id)],
      limit,
    }),
  },
  {
    method: "GET",
    path: "developer_work",
    summary: "Every developer's and owner's current work",
    permission: "canAccessDevConsole",
    run: async ({ context, limit }) => ({
      data: (await listTeam(context.runtime.db)).slice(0, limit),
      limit,
    }),
  },
  {
    method: "GET",
    path: "developer_work/me",
    summary: "My current work",
    permission: "canAccessDevConsole",
    response: S.WorkItem,
    run: async ({ context, user }) => getWork(context.runtime.db, user!.id),
  },
  {
    method: "PUT",
    path: "developer_work/me",
    summary: "Set my current work (trimmed; empty clears it)",
    permission: "canAccessDevConsole",
    body: S.WorkInput,
    response: S.WorkItem,
    run: async ({ context, user, body }) => {
      const input = parsed(parseForm(S.WorkInput, await body()));
      return saveWork(context.runtime.db, user!.id, input.current_task);
    },
  },
  {
    method: "GET",
    path: "team",
    summary: "Developers and owners with their current work",
    permission: "canAccessDevConsole",
    run: async ({ context }) => ({ data: await listTeam(context.runtime.db) }),
  },
  {
    method: "GET",
    path: "health",
    summary: "Database and auth health, user count, response time, last activity",
    permission: "canAccessDevConsole",
    run: async ({ context }) => measureHealth(context.runtime),
  },
  {
    method: "GET",
    path: "stats",
    summary: "Row count per table",
    permission: "canAccessDevConsole",
    run: async ({ context }) => ({ data: await tableCounts(context.runtime.db) }),
  },
  {
    method: "GET",
    path: "query",
    summary: "Whether the SQL box can run here, and why not",
    permission: "canManageRoles",
    response: S.QueryStatus,
    run: async ({ context }) =>
      consoleQueryStatus(context.runtime.db, { role: context.runtime.env.CONSOLE_READER_ROLE }),
  },
  {
    method: "POST",
    path: "query",
    summary: "Run one read-only SELECT over profiles and user_roles (10 rows at most)",
    permission: "canManageRoles",
    body: S.QueryInput,
    run: async ({ context, user, body }) => {
      const input = parsed(parseForm(S.QueryInput, await body()));
      const { db } = context.runtime;
      const audit = (details: Record<string, unknown>) =>
        recordStaffAction(db, {
          actor: actorOf(user),
          action: "console.query",
          subjectType: "sql",
          details: { sql: input.sql, ...details },
        });
      try {
        const result = await runConsoleQuery(db, input.sql, {
          role: context.runtime.env.CONSOLE_READER_ROLE,
        });
        await audit({ rows: result.rowCount });
        return result;
      } catch (error) {
        const message = databaseMessage(error);
        await audit({ refused: message });
        if (error instanceof QueryRefused) throw new ApiError(400, "query_refused", message);
        if (error instanceof QueryTimedOut) throw new ApiError(400, "query_timeout", message);
        // Not the query's fault and nothing was run: the box is off here (decision 027).
        if (error instanceof QueryUnavailable)
          throw new ApiError(409, "query_unavailable", message);
        throw new ApiError(400, "query_failed", message);
      }
    },
  },
  {
    method: "POST",
    path: "cache/clear",
    summary: "Empty the server's caches on every process",
    permission: "canAccessDevConsole",
    run: async ({ context }) => {
      const { db, caches } = context.runtime;
      const cleared = await caches.clearEverywhere(db);
      return { cleared };
    },
  },
];

/** A path parameter, decoded; a malformed escape stays as sent and fails the id check (404). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(":")) params[want[i]!.slice(1)] = decodeSegment(got[i]!);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

function errorResponse(error: ApiError, headers?: HeadersInit) {
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    },
  };
  return Response.json(body, {
    status: error.status,
    headers: { "Cache-Control": "no-store", ...headers },
  });
}

/** 503 with Retry-After while the database is unreachable; any other error goes on up. */
function unavailableOrThrow(error: unknown, context: AppLoadContext, path: string): Response {
  if (!isDatabaseUnavailable(error)) throw error;
  context.runtime.logger.warn({ err: error, path }, "api request: database unavailable");
  return errorResponse(
    new ApiError(503, "unavailable", "The service is temporarily unavailable. Try again soon."),
    { "Retry-After": String(RETRY_AFTER_SECONDS) },
  );
}

/** Answers one /api/v1/* request. */
export async function handleApi(
  request: Request,
  context: AppLoadContext,
  path: string,
): Promise<Response> {
  const method = request.method.toUpperCase() as Method;
  const candidates = ENDPOINTS.map((endpoint) => ({
    endpoint,
    params: match(endpoint.path, path),
  })).filter((c) => c.params);
  if (candidates.length === 0)
    return errorResponse(new ApiError(404, "not_found", `No API endpoint at /api/v1/${path}.`));
  const found = candidates.find((c) => c.endpoint.method === method);
  if (!found) {
    const allow = candidates.map((c) => c.endpoint.method).join(", ");
    return errorResponse(
      new ApiError(405, "method_not_allowed", `${method} is not allowed here. Allowed: ${allow}.`),
      { Allow: allow },
    );
  }
  const { endpoint, params } = found;
  // Per address: the environment's API_RATE_LIMIT requests a minute (app/platform/server/rate-limit.server.ts).
  let limited: Verdict;
  try {
    limited = await context.runtime.limits.api.consume(addressKey(context.clientIp));
  } catch (error) {
    return unavailableOrThrow(error, context, path);
  }
  if (!limited.allowed) {
    return errorResponse(
      new ApiError(
        429,
        "rate_limited",
        `Too many requests. Try again in ${limited.retryAfterSeconds} seconds.`,
      ),
      {
        "Retry-After": String(limited.retryAfterSeconds),
      },
    );
  }
  try {
    const user = endpoint.permission ? await getSessionUser(request, context) : null;
    if (endpoint.permission && !user)
      throw new ApiError(401, "unauthenticated", "Sign in to use this endpoint.");
    if (endpoint.permission && !can(user!.role, endpoint.permission)) {
      throw new ApiError(403, "forbidden", "Your role does not allow this.");
    }
    const url = new URL(request.url);
    const limitParam = url.searchParams.get("limit");
    const limit = limitParam === null ? DEFAULT_LIMIT : Number(limitParam);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw new ApiError(
        400,
        "invalid_limit",
        `limit must be a whole number from 1 to ${MAX_LIMIT}.`,
      );
    }
    for (const [name, value] of Object.entries(params!)) {
      if (name === "id" && !isUuid(value))
        throw new ApiError(404, "not_found", "No item with that id.");
    }
    const body = async () => {
      try {
        const value = await request.json();
        if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error();
        return value as Record<string, unknown>;
      } catch {
        throw new ApiError(400, "invalid_json", "The body must be a JSON object.");
      }
    };
    const result = await endpoint.run({ request, context, user, params: params!, limit, body });
    if (endpoint.changesPublicPages) {
      await context.runtime.caches.publicContentChanged(context.runtime.db);
    }
    return Response.json(result, {
      status:
        method === "POST" && endpoint.path !== "query" && endpoint.path !== "cache/clear"
          ? 201
          : 200,
      headers: { "Cache-Control": endpoint.permission ? "no-store" : "public, max-age=30" },
    });
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    if (isDatabaseUnavailable(error)) return unavailableOrThrow(error, context, path);
    context.runtime.logger.error({ err: error, path }, "api request failed");
    return errorResponse(
      new ApiError(500, "internal", "The server could not complete the request."),
    );
  }
}
