// The profiles feature's browser-safe face: what other folders may import.
export { ActivityTab } from "./activity-tab";
export type { AvatarResult } from "./avatar-limits";
export {
  ProfileIntentSchema,
  ProfileSchema,
  type ProfileSummary,
  RevokeSessionSchema,
  SaveThemeSchema,
  SettingsSchema,
} from "./profile-schema";
export { ProfileScreen, ProfileSignedOut } from "./profile-screen";
export { ProfileTab } from "./profile-tab";
export { type ProfileReply, SecuritySection } from "./security-section";
export { SettingsTab } from "./settings-tab";
