// The site settings feature's server-only face: what other folders may call on the server.
export { readHomeSettings } from "./home-sections.server";
export {
  mailIdentity,
  readSettings,
  saveNavigation,
  saveSettings,
  seedSettings,
  settingsFrom,
  settingsSaved,
  studioTimeZone,
} from "./settings.server";
export {
  exportSettings,
  importSettings,
  readSettingsFile,
  SETTINGS_FILE_FORMAT,
} from "./settings-transfer.server";
export { readSiteIcon } from "./site-icons.server";
