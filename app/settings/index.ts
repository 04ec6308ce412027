// The site settings feature's browser-safe face: what other folders may import.
export { accentForDark, accentProblem, contrast, normalizeHex } from "./colour";
export { HEADING_FONTS } from "./fonts";
export { FRESH_NAVIGATION, FRESH_SITE } from "./fresh-site";
export { hoursRows, hoursText, WEEKDAYS } from "./hours";
export {
  type ArrangedEntry,
  arrangeNavigation,
  NAV_PLACE_LABELS,
  NAV_ROUTES,
  type NavEntry,
  type NavPageSource,
  type SiteNavigation,
  type SiteNavLink,
  siteNavigation,
} from "./navigation";
export { NAV_LIMITS, NAV_RULES, NavigationFormSchema } from "./navigation-schema";
export { DEFAULT_SETTINGS, PLACEHOLDER_NAME } from "./settings-defaults";
export {
  FEATURED_GAME_GONE,
  SETTINGS_LIMITS,
  SettingsFormSchema,
  type SettingsInput,
  SettingsSchema,
  type SiteSettings,
  settingsFormValues,
} from "./settings-schema";
export { SettingsTab } from "./settings-tab";
export { type SetupStep, setupSteps } from "./setup";
export { SetupChecklist } from "./setup-checklist";
export { type PublicSite, publicSite, type StudioContact, siteIcons, studioContact } from "./site";
export { SiteProvider, siteFrom, useSite } from "./site-context";
export { SiteLogo } from "./site-logo";
export { isWebUrl, platformOf, type SocialLink, socialLink } from "./social";
export { SocialLinks } from "./social-links";
export { type HomeSections, StudioAbout, StudioCallToAction, StudioHero } from "./studio-home";
