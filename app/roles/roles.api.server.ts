import { type Endpoint, pagedListEndpoint } from "~/platform/http/endpoint";
import { runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "./permissions";
import { RoleAssignmentSchema } from "./role-schema";
import { listRoleAssignmentsPage } from "./roles.server";

// The roles feature's API endpoint: the user_roles table, for the developer console.
export const ROLES_ENDPOINTS: Endpoint<Permission>[] = [
  pagedListEndpoint({
    path: "user_roles",
    summary: "Assigned roles",
    permission: "canAccessDevConsole",
    item: RoleAssignmentSchema,
    statuses: [200, 400, 401, 403, 429, 503],
    cursor: { ids: "text" },
    read: ({ context, limit, page }) =>
      listRoleAssignmentsPage(context.get(runtimeContext).db, { page, size: limit }),
  }),
];
