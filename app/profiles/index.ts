// The profiles feature's browser-safe face: what other folders may import (decision 031).
export { ActivityTab } from "./activity-tab";
export type { AvatarResult } from "./avatar-limits";
export {
  type ProfileActionResult,
  ProfileIntentSchema,
  ProfileSchema,
  type ProfileSummary,
  SettingsSchema,
} from "./profile-schema";
export { ProfileTab } from "./profile-tab";
export { SecuritySection } from "./security-section";
export { SettingsTab } from "./settings-tab";
