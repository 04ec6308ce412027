// The profiles feature's server-only face: what other folders may import on the server (decision 031).
export { processAvatar } from "./avatar.server";
export {
  createAccountDefaults,
  exportAccountData,
  getPreferences,
  getProfile,
  profileExists,
  savePreferences,
  saveThemePreference,
  setAvatarUrl,
  updateProfile,
} from "./profiles.server";
