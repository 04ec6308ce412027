import { z } from "zod";
import { defineEndpoint, type Endpoint } from "~/platform/http/endpoint";
import type { Permission } from "~/roles";
import { issueServiceToken } from "./api-callers.server";
import { API_KEY_HEADER } from "./tokens";

// The accounts feature's API endpoint: a personal API key exchanged for a short-lived service
// token. It needs no session; the key in `x-api-key` is the credential.
const ServiceTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int(),
});

export const ACCOUNTS_ENDPOINTS: Endpoint<Permission>[] = [
  defineEndpoint({
    method: "POST",
    path: "auth/token",
    summary: `A service token (JWT, 15 minutes) for the API key in ${API_KEY_HEADER}`,
    permission: null,
    response: ServiceTokenSchema,
    statuses: [200, 400, 401, 429, 503],
    run: ({ request, context }) =>
      issueServiceToken(context, request.headers.get(API_KEY_HEADER) ?? ""),
  }),
];
