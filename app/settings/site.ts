import { accentCss } from "./colour";
import { headingFontCss } from "./fonts";
import { hoursRows } from "./hours";
import type { SiteSettings } from "./settings-schema";

// The settings as every page gets them from the root loader: what the browser may see (no mail
// sender), the icons' addresses and the theme's CSS made from the accent colour and heading font;
// and what only /contact shows (the addresses, the place, the week's hours grouped), which its own
// loader sends. Universal.

/** The addresses of the site's icons: the logo's (made on save), or the site's neutral defaults. */
export function siteIcons(logoId: string) {
  if (!logoId)
    return {
      logo: null,
      favicon: "/favicon.svg",
      faviconType: "image/svg+xml",
      appleTouch: null,
      ogImage: "/og-image.png",
    };
  const at = (file: string) => `/media/site/${logoId}/${file}`;
  return {
    logo: at("logo-128.png"),
    favicon: at("icon-32.png"),
    faviconType: "image/png",
    appleTouch: at("apple-touch-icon.png"),
    ogImage: at("og-image.png"),
  };
}

export function publicSite(settings: SiteSettings) {
  return {
    name: settings.name,
    tagline: settings.tagline,
    description: settings.description,
    heroHeading: settings.heroHeading || settings.name,
    heroText: settings.heroText,
    socialLinks: settings.socialLinks,
    themeCss: accentCss(settings.accentColor) + headingFontCss(settings.headingFont),
    accentColor: settings.accentColor,
    headingFont: settings.headingFont,
    icons: siteIcons(settings.logo),
  };
}

export type PublicSite = ReturnType<typeof publicSite>;

/** What /contact shows of the settings: the studio's addresses, its place and its week's hours. */
export function studioContact(settings: SiteSettings) {
  return {
    emailGeneral: settings.emailGeneral,
    emailPress: settings.emailPress,
    emailJobs: settings.emailJobs,
    location: settings.location,
    hours: hoursRows({
      monday: settings.hours_monday,
      tuesday: settings.hours_tuesday,
      wednesday: settings.hours_wednesday,
      thursday: settings.hours_thursday,
      friday: settings.hours_friday,
      saturday: settings.hours_saturday,
      sunday: settings.hours_sunday,
    }),
  };
}

export type StudioContact = ReturnType<typeof studioContact>;
