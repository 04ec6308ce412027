// The activity feature's server-only face: what other folders may import on the server.
export { ACTIVITY_ENDPOINTS } from "./activity.api.server";
export { listRecentActivity, recordActivity } from "./activity.server";
export { type ActivityEntry, ActivityEntrySchema } from "./activity-schema";
