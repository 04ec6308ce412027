// The profiles feature's server-only face: what other folders may import on the server.
export { processAvatar } from "./avatar.server";
export { answerProfileForm } from "./profile-forms.server";
export { loadProfilePage } from "./profile-page.server";
export { PreferencesSchema, ProfileSummarySchema } from "./profile-schema";
export { PROFILES_ENDPOINTS } from "./profiles.api.server";
export {
  createAccountDefaults,
  exportAccountData,
  getPreferences,
  getProfile,
  listProfilesPage,
  profileExists,
  savePreferences,
  saveThemePreference,
  setAvatarUrl,
  updateProfile,
} from "./profiles.server";
