import type { AppLoadContext } from "react-router";
import type { z } from "zod";
import { listOf } from "./api-shapes";

// One API endpoint as a feature declares it (decision 031: each feature lists its own endpoints in
// `<feature>.api.server.ts`; app/api/ composes them). The router, the OpenAPI document, the
// reference page and the tests all read these entries.

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Who is calling: what the router hands a protected endpoint (the composition says who it is). */
export type ApiCaller = { id: string; email: string };

type BodySchema = z.ZodType<Record<string, unknown>>;

export type EndpointCall<Caller, Input> = {
  request: Request;
  context: AppLoadContext;
  /** The signed-in caller on a protected endpoint; null on a public one. */
  caller: Caller;
  /** Path parameters, decoded; an `id` is always a UUID by now. */
  params: Record<string, string>;
  /** The `limit` query parameter, checked: 1 to MAX_LIMIT, DEFAULT_LIMIT when absent. */
  limit: number;
  /** The body, parsed by the endpoint's body schema; undefined when it takes none. */
  input: Input;
};

export type Endpoint<P extends string = string> = {
  method: Method;
  /** Under /api/v1/, with `:name` parameters (`news/:id`). */
  path: string;
  summary: string;
  /** The permission a caller's role needs; null: public. */
  permission: P | null;
  /** The JSON body it takes; the router answers 400 when the body does not pass. */
  body?: BodySchema;
  /** The success answer's shape, as the OpenAPI document publishes it. */
  response: z.ZodType;
  /** Every status it can answer: its one success (200 or 201) and its errors. */
  statuses: readonly number[];
  /** Its success changes what the public pages show: the page cache is cleared before the answer. */
  changesPublicPages?: true;
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
 * `input` is what the body schema gives, and what `run` returns fits the response schema.
 */
export function defineEndpoint<
  P extends string | null,
  R extends z.ZodType,
  B extends BodySchema | undefined = undefined,
>(spec: Spec<P, B, R>): Endpoint<Exclude<P, null>> {
  return spec as Endpoint<Exclude<P, null>>;
}

/**
 * A GET that lists items: `read` gives them (it may use `call.limit` itself), the answer is at most
 * `limit` of them as `{data, limit}`, published as a list of `item`.
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
    run: async (call) => ({ data: (await read(call)).slice(0, call.limit), limit: call.limit }),
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
