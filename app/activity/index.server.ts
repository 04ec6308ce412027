// The activity feature's server-only face: what other folders may import on the server (decision 031).
export { type ActivityEntry, listRecentActivity, recordActivity } from "./activity.server";
