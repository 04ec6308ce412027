import { isDeepStrictEqual } from "node:util";
import { ENDPOINTS } from "../../app/api/api.server";
import { matchPath } from "../../app/platform/http/api-router.server";
import { ApiErrorBodySchema } from "../../app/platform/http/api-shapes";

// An API answer checked against the schema the OpenAPI document publishes for it: the endpoint's
// response schema for a success, the error shape otherwise. A missing, mistyped or extra field
// fails, so an answer cannot drift from its published schema unnoticed.

/** The endpoint entry a request reaches, as the router finds it; `path` is after /api/v1/. */
export function endpointFor(method: string, path: string) {
  const bare = path.split("?")[0]!;
  return ENDPOINTS.find((e) => e.method === method && matchPath(e.path, bare));
}

/** Throws when the answer does not fit its published schema exactly. */
export function assertPublishedShape(method: string, path: string, status: number, body: unknown) {
  const endpoint = endpointFor(method, path);
  const schema = status >= 400 || !endpoint ? ApiErrorBodySchema : endpoint.response;
  const label = `${method} /api/v1/${path} → ${status}`;
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${label} does not fit its published schema: ${parsed.error.message}`);
  if (!isDeepStrictEqual(parsed.data, body))
    throw new Error(
      `${label} has fields its published schema does not list: ${JSON.stringify(body)}`,
    );
}
