import type { SiteNavigation, SiteNavLink } from "./navigation";
import type { PublicSite } from "./site";

// What a page shows of the settings when the root loader's data is missing (an error before it
// ran), and the components' default: `publicSite(DEFAULT_SETTINGS)` and `siteNavigation([], [])`
// written out. Computing them in the browser loaded the colour, font, hours and navigation rules
// into every page's scripts (about 1.5 kB compressed) for a page that is almost never shown;
// `fresh-site.test.ts` holds each to what the rules make of the defaults.

export const FRESH_SITE: PublicSite = {
  name: "Your Studio",
  tagline: "Independent games, made with care.",
  description: "An independent game studio: our games, our news and a direct line to the team.",
  heroHeading: "Your Studio",
  heroText: "An independent studio making games we would love to play.",
  socialLinks: [],
  themeCss: "",
  accentColor: "",
  headingFont: "system",
  icons: {
    logo: null,
    favicon: "/favicon.svg",
    faviconType: "image/svg+xml",
    appleTouch: null,
    ogImage: "/og-image.png",
  },
};

const link = (to: string, label: string): SiteNavLink => ({
  key: to,
  label,
  to,
  external: false,
  newTab: false,
  button: false,
});
const FRESH_LINKS = [
  link("/", "Home"),
  link("/games", "Games"),
  link("/news", "News"),
  link("/contact", "Contact"),
];

export const FRESH_NAVIGATION: SiteNavigation = { header: FRESH_LINKS, footer: FRESH_LINKS };
