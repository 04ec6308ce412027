// The activity feature's browser-safe face: what other folders may import.
export type { ActivityEntry } from "./activity-schema";
export { activityColour, activityCounters, activityLabel, activityLink } from "./activity-types";
