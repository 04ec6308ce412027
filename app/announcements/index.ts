// The announcements feature's browser-safe face: what other folders may import.

export type { DeliveryView, HookReply, HookView } from "./announcement-views";
export { AnnouncementsTab } from "./announcements-admin-tab";
export {
  AnnouncementIntentSchema,
  HookSchema,
  maskUrl,
  urlProblem,
} from "./hook-schema";
