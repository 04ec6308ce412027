import { ACCOUNTS_ENDPOINTS, FACTORS_ENDPOINTS, identifyApiCaller } from "~/accounts/index.server";
import { ACTIVITY_ENDPOINTS } from "~/activity/index.server";
import { CONSOLE_ENDPOINTS } from "~/console/index.server";
import { GAMES_ENDPOINTS } from "~/games/index.server";
import { MESSAGES_ENDPOINTS } from "~/messages/index.server";
import { NEWS_ENDPOINTS } from "~/news/index.server";
import { API_PREFIX, createApiRouter } from "~/platform/http/api-router.server";
import type { Endpoint } from "~/platform/http/endpoint";
import { PROFILES_ENDPOINTS } from "~/profiles/index.server";
import { can, type Permission } from "~/roles";
import { ROLES_ENDPOINTS } from "~/roles/index.server";

// The REST API v1, composed: each feature declares its own endpoints (`<feature>.api.server.ts`);
// this list drives the router, the OpenAPI document, the reference page and the
// role matrix tests alike. Order counts: it is the order of Allow and of the document.
export const ENDPOINTS: readonly Endpoint<Permission>[] = [
  ...NEWS_ENDPOINTS,
  ...GAMES_ENDPOINTS,
  ...MESSAGES_ENDPOINTS,
  ...PROFILES_ENDPOINTS,
  ...ROLES_ENDPOINTS,
  ...ACTIVITY_ENDPOINTS,
  ...CONSOLE_ENDPOINTS,
  ...ACCOUNTS_ENDPOINTS,
  ...FACTORS_ENDPOINTS,
];

/** Answers one /api/v1/* request; `path` is what follows /api/v1/. */
export const handleApi = createApiRouter({
  endpoints: ENDPOINTS,
  identify: identifyApiCaller,
  allows: (user, permission) => can(user.role, permission),
});

/**
 * The paths of the public reads (GET, no permission): their answers depend on the URL and the
 * content alone, so the server keeps them like the public pages.
 */
export const PUBLIC_API_READS: readonly RegExp[] = ENDPOINTS.filter(
  (endpoint) => endpoint.method === "GET" && !endpoint.permission,
).map((endpoint) => new RegExp(`^${API_PREFIX}${endpoint.path.replace(/:\w+/g, "[^/]+")}$`));
