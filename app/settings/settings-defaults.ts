import type { SiteSettings } from "./settings-schema";

// A fresh install's settings, as a plain value: the page frame falls back to them before the root
// loader's data exists, so the browser gets them without the form's schema (and zod) in its first
// scripts. settings-defaults.test.ts holds them to what the schema makes of them.

/** The placeholder name of a fresh install. */
export const PLACEHOLDER_NAME = "Your Studio";

/** A fresh install: a placeholder name, neutral words, the spec's studio hours, no links. */
export const DEFAULT_SETTINGS: SiteSettings = {
  name: PLACEHOLDER_NAME,
  tagline: "Independent games, made with care.",
  description: "An independent game studio: our games, our news and a direct line to the team.",
  heroHeading: "",
  heroText: "An independent studio making games we would love to play.",
  vision: "We make games that feel made by people, for people.",
  values:
    "- **Craft**: every detail made with care.\n- **Players**: we listen and we say so.\n- **Pace**: we ship when it is ready.",
  callToAction:
    "## Play our games\n\nBrowse our games, follow our news, or tell us what you would love to play next.",
  emailGeneral: "",
  emailPress: "",
  emailJobs: "",
  location: "",
  postalAddress: "",
  hours_monday: "14:00-18:00",
  hours_tuesday: "14:00-18:00",
  hours_wednesday: "14:00-18:00",
  hours_thursday: "14:00-18:00",
  hours_friday: "14:00-18:00",
  hours_saturday: "",
  hours_sunday: "",
  timeZone: "",
  socialLinks: [],
  featuredGame: "",
  senderName: "",
  senderAddress: "",
  accentColor: "",
  headingFont: "system",
  logo: "",
  navigation: [],
};
