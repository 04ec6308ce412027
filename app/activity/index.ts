// The activity feature's browser-safe face: what other folders may import (decision 031).
export { activityColour, activityCounters, activityLabel } from "./activity-types";
