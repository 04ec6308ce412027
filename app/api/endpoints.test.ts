import { describe, expect, it } from "vitest";
import { routerStatuses, successStatus } from "~/platform/http/endpoint";
import { ENDPOINTS } from "./api.server";
import { openApiDocument } from "./openapi.server";

// Each endpoint declares the statuses it can answer, and the OpenAPI document publishes exactly
// those: they must include every status the router itself can answer for it.
describe.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", (_, endpoint) => {
  it("declares what the router can answer: 400, 429, 503; 401 and 403 when protected; 404 with an id", () => {
    expect(endpoint.statuses).toEqual(expect.arrayContaining(routerStatuses(endpoint)));
  });

  it("declares one success: 201 when it creates something, 200 otherwise", () => {
    const successes = endpoint.statuses.filter((status) => status < 300);
    expect(successes).toHaveLength(1);
    // A token is issued, not stored: 200, as OAuth token endpoints answer (RFC 6749). A factor's
    // challenge and verify act on the factor and add no resource: 200, as the spec's client expects.
    const acts = [
      "query",
      "cache/clear",
      "auth/token",
      "factors/:factorId/challenge",
      "factors/:factorId/verify",
    ];
    const creates = endpoint.method === "POST" && !acts.includes(endpoint.path);
    expect(successStatus(endpoint)).toBe(creates ? 201 : 200);
  });

  it("declares no status twice, and only statuses the API answers", () => {
    expect(new Set(endpoint.statuses).size).toBe(endpoint.statuses.length);
    for (const status of endpoint.statuses)
      expect([200, 201, 400, 401, 403, 404, 409, 429, 503]).toContain(status);
  });

  it("is published with exactly its declared statuses", () => {
    const document = openApiDocument("http://localhost:3000");
    const operation = document.paths[`/api/v1/${endpoint.path.replace(/:(\w+)/g, "{$1}")}`]?.[
      endpoint.method.toLowerCase()
    ] as { responses: Record<string, unknown> };
    expect(Object.keys(operation.responses).map(Number).sort()).toEqual(
      [...endpoint.statuses].sort((a, b) => a - b),
    );
  });
});

it("every path and method is declared once", () => {
  const keys = ENDPOINTS.map((e) => `${e.method} ${e.path}`);
  expect(new Set(keys).size).toBe(keys.length);
});
