import type { z } from "zod";
import { AppError } from "~/platform/errors/app-error";
import {
  decodeCursor,
  type IdKind,
  type KeyKind,
  type Page,
  type PageRequest,
} from "~/platform/paging/cursor";
import type { AppContext } from "~/platform/server/context.server";
import { listOf } from "./api-shapes";

// One API endpoint as a feature declares it (each feature lists its own endpoints in
// `<feature>.api.server.ts`; app/api/ composes them). The router, the OpenAPI document, the
// reference page and the tests all read these entries.

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Who is calling: what the router hands a protected endpoint (the composition says who it is). */
export type ApiCaller = {
  id: string;
  email: string;
  /**
   * The signed-in session the call came with; empty or absent for a credential that is no
   * session (an API key, a service token). Some writes are for a session only.
   */
  sessionId?: string;
};

/** A JSON object's schema: defineEndpoint makes it strict, so a field it does not name is refused. */
type BodySchema = z.ZodObject;

export type EndpointCall<Caller, Input> = {
  request: Request;
  context: AppContext;
  /** The signed-in caller on a protected endpoint; null on a public one. */
  caller: Caller;
  /** Path parameters, decoded; an `id` is always a UUID by now. */
  params: Record<string, string>;
  /** The `limit` query parameter, checked: 1 to MAX_LIMIT, DEFAULT_LIMIT when absent. */
  limit: number;
  /** The body, parsed by the endpoint's body schema; undefined when it takes none. */
  input: Input;
  /** The query's filters, parsed by the endpoint's query schema; {} when it takes none. */
  query: Record<string, unknown>;
};

export type Endpoint<P extends string = string> = {
  method: Method;
  /** Under /api/v1/, with `:name` parameters (`news/:id`). */
  path: string;
  summary: string;
  /** The permission a caller's role needs; null: public. */
  permission: P | null;
  /**
   * The JSON body it takes, strict: the router answers 400 when the body does not pass, or has a
   * field the schema does not name (a misspelt or foreign field is never silently dropped).
   */
  body?: BodySchema;
  /** The success answer's shape, as the OpenAPI document publishes it. */
  response: z.ZodType;
  /** Every status it can answer: its one success (200 or 201) and its errors. */
  statuses: readonly number[];
  /** A list paged by `cursor` (the OpenAPI document names the parameter). */
  paged?: true;
  /**
   * The query parameters it takes besides `limit` and `cursor` (a list's filters), each optional:
   * the router answers 400 naming the one that does not pass; the OpenAPI document lists them.
   */
  query?: z.ZodObject;
  // biome-ignore lint/suspicious/noExplicitAny: each entry's own call type is checked by defineEndpoint
  run(call: EndpointCall<any, any>): Promise<unknown>;
};

type CallerOf<P> = [P] extends [null] ? null : ApiCaller;

type Spec<P extends string | null, B extends BodySchema | undefined, R extends z.ZodType> = Omit<
  Endpoint,
  "permission" | "body" | "response" | "run"
> & {
  permission: P;
  body?: B;
  response: R;
  run(
    call: EndpointCall<CallerOf<P>, B extends BodySchema ? z.output<B> : undefined>,
  ): Promise<z.input<R>>;
};

/**
 * One endpoint entry, its types checked against each other: a protected endpoint's `caller` is set,
 * `input` is what the body schema gives, and what `run` returns fits the response schema. Its body
 * schema is made strict here, once for every endpoint (the OpenAPI document then says
 * `additionalProperties: false`); the shared form schemas stay as they are.
 */
export function defineEndpoint<
  P extends string | null,
  R extends z.ZodType,
  B extends BodySchema | undefined = undefined,
>(spec: Spec<P, B, R>): Endpoint<Exclude<P, null>> {
  const entry = { ...spec, body: spec.body?.strict() };
  if (!entry.body) delete entry.body;
  return entry as Endpoint<Exclude<P, null>>;
}

/** The 400 for a body with fields its endpoint does not take: names them, and what it takes. */
export function unknownFieldsError(unknown: readonly string[], taken: readonly string[]): AppError {
  const message = `Unknown field${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}. This endpoint takes: ${taken.join(", ")}.`;
  return new AppError("invalid", message, {
    code: "unknown_fields",
    fields: Object.fromEntries(unknown.map((name) => [name, message])),
  });
}

/**
 * A GET that lists a bounded set (the caller's own rows, the team): `read` gives them (it may use
 * `call.limit` itself), the answer is at most `limit` of them as `{data, limit, next: null}`.
 */
export function listEndpoint<P extends string | null, T extends z.ZodType>(
  spec: Pick<Endpoint, "path" | "summary" | "statuses"> & {
    permission: P;
    item: T;
    read(call: EndpointCall<CallerOf<P>, undefined>): Promise<z.input<T>[]>;
  },
): Endpoint<Exclude<P, null>> {
  const { item, read, ...entry } = spec;
  return defineEndpoint({
    ...entry,
    method: "GET",
    response: listOf(item),
    run: async (call) => ({
      data: (await read(call)).slice(0, call.limit),
      limit: call.limit,
      next: null,
    }),
  });
}

export const INVALID_CURSOR = "cursor is not valid: use the `next` of the previous page as it is.";

/** The page `?cursor=` asks for: the first without one; a 400 for one that is not ours. */
function pageOf(request: Request, ids: IdKind, key: KeyKind): PageRequest {
  const token = new URL(request.url).searchParams.get("cursor");
  if (token === null) return { direction: "first" };
  const cursor = decodeCursor(token, ids, key);
  if (!cursor) throw new AppError("invalid", INVALID_CURSOR, { code: "invalid_cursor" });
  return { direction: "older", cursor };
}

/**
 * A GET that lists a table page by page: `read` gives the page the `cursor` asks
 * for, `limit` rows long; the answer is `{data, limit, next}` and the router adds the `Link` header.
 */
export function pagedListEndpoint<P extends string | null, T extends z.ZodType>(
  spec: Pick<Endpoint, "path" | "summary" | "statuses"> & {
    permission: P;
    item: T;
    /** How the list's cursors look: its ids and what it is ordered by. */
    cursor?: { ids?: IdKind; key?: KeyKind };
    /** Its filters (`?kind=`): see Endpoint.query. */
    query?: z.ZodObject;
    read(
      call: EndpointCall<CallerOf<P>, undefined> & { page: PageRequest },
    ): Promise<Page<z.input<T>>>;
  },
): Endpoint<Exclude<P, null>> {
  const { item, read, cursor, ...entry } = spec;
  return defineEndpoint({
    ...entry,
    method: "GET",
    paged: true,
    response: listOf(item),
    run: async (call) => {
      const page = pageOf(call.request, cursor?.ids ?? "uuid", cursor?.key ?? "time");
      const { items, older } = await read({ ...call, page });
      return { data: items, limit: call.limit, next: older };
    },
  });
}

/** The one success status an endpoint declares (200 unless it creates something: 201). */
export function successStatus(endpoint: Pick<Endpoint, "statuses">): number {
  return endpoint.statuses.find((status) => status >= 200 && status < 300) ?? 200;
}

/**
 * The statuses the router itself can answer for an endpoint, whatever it does: 400 for a bad
 * `limit` (on every endpoint) or body, 401 and 403 when it is protected, 404 for a malformed id, 429 over the rate
 * limit, 503 while the database is unreachable. Its declared statuses must include them.
 */
export function routerStatuses(endpoint: Pick<Endpoint, "path" | "permission" | "body">) {
  const statuses = new Set([400, 429, 503]);
  if (endpoint.permission) {
    statuses.add(401);
    statuses.add(403);
  }
  if (endpoint.path.includes(":id")) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}
