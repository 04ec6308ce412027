import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/db/availability.server";
import { isUuid } from "~/db/ids";
import { apiErrorResponse } from "~/platform/errors/adapters.server";
import { AppError } from "~/platform/errors/app-error";
import { parseForm } from "~/platform/forms/form-errors";
import { SHARED_CACHE_CONTROL } from "~/platform/http/shared-pages";
import { addressKey, type Verdict } from "~/platform/limits/rate-limit.server";
import { type AppContext, requestContext, runtimeContext } from "~/platform/server/context.server";
import { type ApiCaller, type Endpoint, successStatus, unknownFieldsError } from "./endpoint";

// The REST API's router: matches a path to an endpoint entry, checks the rate limit, the caller and
// the permission, the `limit` parameter and the body, runs the entry and answers JSON. Every refusal
// is an AppError answered by apiErrorResponse. It knows no feature: the entries, who the caller is
// and what a role may do are handed to it by the composition (app/api/).

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
export const API_PREFIX = "/api/v1/";

export type ApiRouterOptions<P extends string, C extends ApiCaller> = {
  endpoints: readonly Endpoint<P>[];
  /** The signed-in caller, or null; asked only for protected endpoints. */
  identify(request: Request, context: AppContext): Promise<C | null>;
  /** Whether the caller's role holds the permission. */
  allows(caller: C, permission: P): boolean;
};

export type ApiHandler = (request: Request, context: AppContext, path: string) => Promise<Response>;

/** A path parameter, decoded; a malformed escape stays as sent and fails the id check (404). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchPath(pattern: string, path: string): Record<string, string> | null {
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

/** The `limit` query parameter: a whole number from 1 to MAX_LIMIT, DEFAULT_LIMIT when absent. */
export function readLimit(url: URL): number {
  const param = url.searchParams.get("limit");
  const limit = param === null ? DEFAULT_LIMIT : Number(param);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new AppError("invalid", `limit must be a whole number from 1 to ${MAX_LIMIT}.`, {
      code: "invalid_limit",
    });
  }
  return limit;
}

/**
 * The body as a JSON object, checked by the endpoint's strict schema: 400 `invalid_json`,
 * `unknown_fields` (naming them) or `validation_failed`.
 */
export async function readBody(request: Request, schema: NonNullable<Endpoint["body"]>) {
  let value: unknown;
  try {
    value = await request.json();
  } catch {}
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw new AppError("invalid", "The body must be a JSON object.", { code: "invalid_json" });
  }
  const result = parseForm(schema, value as Record<string, unknown>);
  if (result.success) return result.data;
  // Before any other message: a field it does not take is what the caller must hear about.
  const unknown = Object.keys(value).filter((key) => !Object.hasOwn(schema.shape, key));
  if (unknown.length > 0) throw unknownFieldsError(unknown, Object.keys(schema.shape));
  const fields = Object.fromEntries(
    Object.entries(result.errors).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  throw new AppError("invalid", Object.values(fields)[0] ?? "The request is not valid.", {
    fields,
  });
}

/**
 * The filters of a list's query string, by the endpoint's query schema: a value that does not pass
 * is a 400 naming its parameter. Parameters it does not name (`limit`, `cursor`, a cache-buster)
 * are left alone.
 */
export function readQuery(url: URL, schema: NonNullable<Endpoint["query"]>) {
  const values: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = url.searchParams.get(name);
    if (value !== null) values[name] = value;
  }
  const result = parseForm(schema, values);
  if (result.success) return result.data as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(result.errors).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  throw new AppError("invalid", Object.values(fields)[0] ?? "The query is not valid.", { fields });
}

/** 503 with Retry-After while the database is unreachable; any other error goes on up. */
function unavailableOrThrow(error: unknown, context: AppContext, path: string): Response {
  if (!isDatabaseUnavailable(error)) throw error;
  context
    .get(runtimeContext)
    .logger.warn({ err: error, path }, "api request: database unavailable");
  return apiErrorResponse(
    new AppError("unavailable", "The service is temporarily unavailable. Try again soon.", {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    }),
  );
}

type Match<P extends string> = { endpoint: Endpoint<P>; params: Record<string, string> };

/** The entry for the method and path; 404 for an unknown path, 405 with Allow for a wrong method. */
function route<P extends string>(
  endpoints: readonly Endpoint<P>[],
  method: string,
  path: string,
): Match<P> | Response {
  const candidates = endpoints
    .map((endpoint) => ({ endpoint, params: matchPath(endpoint.path, path) }))
    .filter((c): c is Match<P> => c.params !== null);
  if (candidates.length === 0)
    return apiErrorResponse(new AppError("not_found", `No API endpoint at ${API_PREFIX}${path}.`));
  const found = candidates.find((c) => c.endpoint.method === method);
  if (found) return found;
  const allow = candidates.map((c) => c.endpoint.method).join(", ");
  return apiErrorResponse(
    new AppError("method_not_allowed", `${method} is not allowed here. Allowed: ${allow}.`),
    { Allow: allow },
  );
}

/** Per address: the environment's API_RATE_LIMIT requests a minute (platform/limits/rate-limit). */
async function refuseOverLimit(context: AppContext) {
  // Counted already when the request could be answered by the page cache (server/app.ts).
  const { apiVerdict, clientIp } = context.get(requestContext);
  const verdict: Verdict =
    apiVerdict ?? (await context.get(runtimeContext).limits.api.consume(addressKey(clientIp)));
  if (verdict.allowed) return;
  throw new AppError(
    "too_many",
    `Too many requests. Try again in ${verdict.retryAfterSeconds} seconds.`,
    { retryAfterSeconds: verdict.retryAfterSeconds },
  );
}

async function callerFor<P extends string, C extends ApiCaller>(
  options: ApiRouterOptions<P, C>,
  endpoint: Endpoint<P>,
  request: Request,
  context: AppContext,
): Promise<C | null> {
  if (!endpoint.permission) return null;
  const caller = await options.identify(request, context);
  if (!caller) throw new AppError("unauthenticated", "Sign in to use this endpoint.");
  if (!options.allows(caller, endpoint.permission))
    throw new AppError("forbidden", "Your role does not allow this.");
  return caller;
}

/** A list answer's `Link` header (RFC 8288): the same URL with the next page's cursor. */
export function nextPageLink(request: Request, result: unknown): string | null {
  const next = (result as { next?: unknown } | null)?.next;
  if (typeof next !== "string") return null;
  const url = new URL(request.url);
  url.searchParams.set("cursor", next);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** The handler for every /api/v1/* request but the OpenAPI document; `path` is after /api/v1/. */
export function createApiRouter<P extends string, C extends ApiCaller>(
  options: ApiRouterOptions<P, C>,
): ApiHandler {
  return async (request, context, path) => {
    const found = route(options.endpoints, request.method.toUpperCase(), path);
    if (found instanceof Response) return found;
    const { endpoint, params } = found;
    try {
      await refuseOverLimit(context);
    } catch (error) {
      if (error instanceof AppError) return apiErrorResponse(error);
      return unavailableOrThrow(error, context, path);
    }
    try {
      const caller = await callerFor(options, endpoint, request, context);
      const limit = readLimit(new URL(request.url));
      if (params.id !== undefined && !isUuid(params.id))
        throw new AppError("not_found", "No item with that id.");
      const input = endpoint.body ? await readBody(request, endpoint.body) : undefined;
      const query = endpoint.query ? readQuery(new URL(request.url), endpoint.query) : {};
      const result = await endpoint.run({ request, context, caller, params, limit, input, query });
      const headers = new Headers({
        // A public read is the same for everyone: shared caches (the page cache among them) may
        // keep it for a second.
        "Cache-Control":
          endpoint.method === "GET" && !endpoint.permission ? SHARED_CACHE_CONTROL : "no-store",
      });
      const next = nextPageLink(request, result);
      if (next) headers.set("Link", next);
      return Response.json(result, { status: successStatus(endpoint), headers });
    } catch (error) {
      if (error instanceof AppError) return apiErrorResponse(error);
      if (isDatabaseUnavailable(error)) return unavailableOrThrow(error, context, path);
      context.get(runtimeContext).logger.error({ err: error, path }, "api request failed");
      return apiErrorResponse(
        new AppError("internal", "The server could not complete the request."),
      );
    }
  };
}
