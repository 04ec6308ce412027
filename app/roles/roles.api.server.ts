import { listOf } from "~/platform/http/api-shapes";
import { defineEndpoint, type Endpoint } from "~/platform/http/endpoint";
import type { Permission } from "./permissions";
import { RoleAssignmentSchema } from "./role-schema";
import { listRoleAssignments } from "./roles.server";

// The roles feature's API endpoint: the user_roles table, for the developer console.
export const ROLES_ENDPOINTS: Endpoint<Permission>[] = [
  defineEndpoint({
    method: "GET",
    path: "user_roles",
    summary: "Assigned roles",
    permission: "canAccessDevConsole",
    response: listOf(RoleAssignmentSchema),
    statuses: [200, 400, 401, 403, 429, 503],
    run: async ({ context, limit }) => ({
      data: await listRoleAssignments(context.runtime.db, { limit }),
      limit,
    }),
  }),
];
