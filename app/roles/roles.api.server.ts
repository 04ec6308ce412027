import { type Endpoint, listEndpoint } from "~/platform/http/endpoint";
import type { Permission } from "./permissions";
import { RoleAssignmentSchema } from "./role-schema";
import { listRoleAssignments } from "./roles.server";

// The roles feature's API endpoint: the user_roles table, for the developer console.
export const ROLES_ENDPOINTS: Endpoint<Permission>[] = [
  listEndpoint({
    path: "user_roles",
    summary: "Assigned roles",
    permission: "canAccessDevConsole",
    item: RoleAssignmentSchema,
    statuses: [200, 400, 401, 403, 429, 503],
    read: ({ context, limit }) => listRoleAssignments(context.runtime.db, { limit }),
  }),
];
