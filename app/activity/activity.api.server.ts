import { listOf } from "~/platform/http/api-shapes";
import { defineEndpoint, type Endpoint } from "~/platform/http/endpoint";
import type { Permission } from "~/roles";
import { listRecentActivity } from "./activity.server";
import { ActivityEntrySchema } from "./activity-schema";

// The activity feature's API endpoints. user_activity answers with the caller's own rows only, as
// the spec's backend did: no account reads another's (decision 030).
export const ACTIVITY_ENDPOINTS: Endpoint<Permission>[] = [
  defineEndpoint({
    method: "GET",
    path: "user_activity",
    summary: "Your own recent activity, newest first",
    permission: "canAccessDevConsole",
    response: listOf(ActivityEntrySchema),
    statuses: [200, 400, 401, 403, 429, 503],
    run: async ({ context, caller, limit }) => ({
      data: (await listRecentActivity(context.runtime.db, caller.id)).slice(0, limit),
      limit,
    }),
  }),
];
