import { type Endpoint, listEndpoint } from "~/platform/http/endpoint";
import { runtimeContext } from "~/platform/server/context.server";
import type { Permission } from "~/roles";
import { listRecentActivity } from "./activity.server";
import { ActivityEntrySchema } from "./activity-schema";

// The activity feature's API endpoint. user_activity answers with the caller's own rows only, as
// the spec's backend did: no account reads another's.
export const ACTIVITY_ENDPOINTS: Endpoint<Permission>[] = [
  listEndpoint({
    path: "user_activity",
    summary: "Your own recent activity, newest first",
    permission: "canAccessDevConsole",
    item: ActivityEntrySchema,
    statuses: [200, 400, 401, 403, 429, 503],
    read: ({ context, caller }) => listRecentActivity(context.get(runtimeContext).db, caller.id),
  }),
];
