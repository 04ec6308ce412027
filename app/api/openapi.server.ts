import { z } from "zod";
import { ENDPOINTS, MAX_LIMIT } from "./api.server";
import { ErrorBody } from "./api-schemas";

const json = (schema: z.ZodType) => ({
  "application/json": { schema: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) },
});

/** The OpenAPI 3.1 document, generated from the endpoint table and the same zod schemas. */
export function openApiDocument(siteUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const path = `/api/v1/${endpoint.path.replace(/:(\w+)/g, "{$1}")}`;
    const parameters = [
      ...[...endpoint.path.matchAll(/:(\w+)/g)].map((m) => ({
        name: m[1],
        in: "path",
        required: true,
        schema: { type: "string" },
      })),
      ...(endpoint.method === "GET" && !endpoint.path.includes(":")
        ? [
            {
              name: "limit",
              in: "query",
              required: false,
              schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: 20 },
            },
          ]
        : []),
    ];
    const errors: Record<string, unknown> = {
      "400": { description: "Invalid input", content: json(ErrorBody) },
      "404": { description: "Not found", content: json(ErrorBody) },
      "429": { description: "Too many requests", content: json(ErrorBody) },
    };
    if (endpoint.permission) {
      errors["401"] = { description: "Not signed in", content: json(ErrorBody) };
      errors["403"] = {
        description: `Needs the ${endpoint.permission} permission`,
        content: json(ErrorBody),
      };
    }
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      summary: endpoint.summary,
      operationId: `${endpoint.method.toLowerCase()}_${endpoint.path.replace(/[/:]+/g, "_")}`,
      ...(endpoint.permission
        ? { security: [{ session: [] }], "x-permission": endpoint.permission }
        : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(endpoint.body ? { requestBody: { required: true, content: json(endpoint.body) } } : {}),
      responses: {
        [endpoint.method === "POST" && !["query", "cache/clear"].includes(endpoint.path)
          ? "201"
          : "200"]: {
          description: "Success",
          ...(endpoint.response ? { content: json(endpoint.response) } : {}),
        },
        ...errors,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "studio-site API",
      version: "1.0.0",
      description: "News, games and staff data. Staff endpoints use the site's session cookie.",
    },
    servers: [{ url: siteUrl }],
    components: {
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: "studio.session_token" } },
    },
    paths,
  };
}
