import { z } from "zod";
import { DEFAULT_LIMIT, MAX_LIMIT } from "~/platform/http/api-router.server";
import { ApiErrorBodySchema } from "~/platform/http/api-shapes";
import { type Endpoint, successStatus } from "~/platform/http/endpoint";
import { ENDPOINTS } from "./api.server";

const json = (schema: z.ZodType) => ({
  "application/json": { schema: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) },
});

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input",
  401: "Not signed in",
  404: "Not found",
  409: "Conflict",
  429: "Too many requests",
  503: "Temporarily unavailable",
};

/** Each status the endpoint declares: its success with the response schema, errors with theirs. */
function responsesOf(endpoint: Endpoint) {
  const success = successStatus(endpoint);
  return Object.fromEntries(
    endpoint.statuses.map((status) => {
      if (status === success && endpoint.paged) {
        const link = 'The next page\'s URL, rel="next" (RFC 8288); absent on the last page.';
        const headers = { Link: { description: link, schema: { type: "string" } } };
        return [
          String(status),
          { description: "Success", headers, content: json(endpoint.response) },
        ];
      }
      if (status === success)
        return [String(status), { description: "Success", content: json(endpoint.response) }];
      const description =
        status === 403
          ? `Needs the ${endpoint.permission} permission`
          : (ERROR_DESCRIPTIONS[status] ?? "Error");
      return [String(status), { description, content: json(ApiErrorBodySchema) }];
    }),
  );
}

function parametersOf(endpoint: Endpoint) {
  return [
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
            schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
          },
        ]
      : []),
    ...Object.entries(endpoint.query?.shape ?? {}).map(([name, field]) => ({
      name,
      in: "query",
      required: false,
      ...(field.description ? { description: field.description } : {}),
      schema: z.toJSONSchema(field as z.ZodType, { io: "input", unrepresentable: "any" }),
    })),
    ...(endpoint.paged
      ? [
          {
            name: "cursor",
            in: "query",
            required: false,
            description: "The `next` of the previous page; absent for the first page.",
            schema: { type: "string" },
          },
        ]
      : []),
  ];
}

/** The OpenAPI 3.1 document, generated from the features' endpoint entries and their schemas. */
export function openApiDocument(siteUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ENDPOINTS) {
    const path = `/api/v1/${endpoint.path.replace(/:(\w+)/g, "{$1}")}`;
    const parameters = parametersOf(endpoint);
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      summary: endpoint.summary,
      operationId: `${endpoint.method.toLowerCase()}_${endpoint.path.replace(/[/:]+/g, "_")}`,
      ...(endpoint.permission
        ? {
            security: [{ session: [] }, { apiKey: [] }, { bearer: [] }],
            "x-permission": endpoint.permission,
          }
        : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(endpoint.body ? { requestBody: { required: true, content: json(endpoint.body) } } : {}),
      responses: responsesOf(endpoint),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "studio-site API",
      version: "1.0.0",
      description:
        "News, games and staff data. Staff endpoints take the site's session cookie, a personal API key (x-api-key; made in the profile's Security section) or a service token (Authorization: Bearer, from POST /api/v1/auth/token). Each acts with its account's role of the moment.",
    },
    servers: [{ url: siteUrl }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "studio.session_token" },
        apiKey: { type: "apiKey", in: "header", name: "x-api-key" },
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: `Keys at ${siteUrl}/.well-known/jwks.json; valid 15 minutes.`,
        },
      },
    },
    paths,
  };
}
