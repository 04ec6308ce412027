import { handleApi } from "../../app/api/api.server";
import type { AppContext } from "../../app/platform/server/context.server";
import { assertPublishedShape } from "./api-contract";
import { withClientIp } from "./runtime";

// The REST API called in the test's process, as a client calls it: JSON in, JSON out, every answer
// checked against the schema the OpenAPI document publishes for it (./api-contract.ts). Each call
// comes from its own address, so a suite's calls never meet the rate limit.

// biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read field by field by the tests
export type ApiAnswer = { status: number; headers: Headers; body: any };

let address = 0;

/**
 * A caller of `/api/v1/<path>` over the context: `call(method, path, { cookie, body })`; `headers`
 * for another credential (`x-api-key`, `Authorization`).
 */
export function apiCaller(context: AppContext) {
  return async (
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer> => {
    const headers = new Headers({ Origin: "http://localhost:3000", ...options.headers });
    if (options.cookie) headers.set("Cookie", options.cookie);
    if (options.body !== undefined) headers.set("Content-Type", "application/json");
    const request = new Request(`http://localhost:3000/api/v1/${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const ctx = withClientIp(
      context,
      `198.18.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`,
    );
    const response = await handleApi(request, ctx, path.split("?")[0]!);
    const text = await response.text();
    const body = text ? JSON.parse(text) : null;
    assertPublishedShape(method, path, response.status, body);
    return { status: response.status, headers: response.headers, body };
  };
}
