import {
  hasNoControlCharacters,
  isMailboxAddress,
  noControlCharacters,
} from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { accentProblem, normalizeHex } from "./colour";
import { HEADING_FONT_VALUES } from "./fonts";
import { HOURS_RULE, isDayHours, WEEKDAYS, type Weekday } from "./hours";
import { NavigationSchema } from "./navigation-schema";
import { parseSocialLinks, type SocialLink, socialLinksText } from "./social";

// The site settings form's one schema (docs/product.md#site-settings), used by the form in the
// browser, by its action, by `studio settings import` and by every read of the stored row: what
// does not pass is never saved, and a stored value it no longer takes reads as its default.

export const SETTINGS_LIMITS = {
  name: 80,
  tagline: 120,
  description: 300,
  heroHeading: 120,
  heroText: 600,
  markdown: 5_000,
  email: 254,
  location: 200,
  postalAddress: 300,
  postalAddressLines: 6,
  senderName: 80,
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoControlCharacters, noControlCharacters(label));

/** Markdown keeps its line breaks; only the other control characters are refused. */
const markdown = (label: string) => text(label, SETTINGS_LIMITS.markdown);

/**
 * The studio's postal address, on as many lines as it takes (at most six): each line trimmed,
 * blank lines and Windows or Unicode line breaks folded into one "\n", other control characters
 * refused. Every newsletter mail's footer shows it (docs/product.md#site-settings).
 */
const postalAddress = () =>
  z
    .string({ error: "Postal address must be text" })
    .refine(hasNoControlCharacters, noControlCharacters("Postal address"))
    .transform((value) =>
      value
        .split(/\r\n|[\r\n\u0085\u2028\u2029]/)
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter(Boolean)
        .join("\n"),
    )
    .refine(
      (value) => value.length <= SETTINGS_LIMITS.postalAddress,
      `Postal address must be at most ${SETTINGS_LIMITS.postalAddress} characters`,
    )
    .refine(
      (value) => value.split("\n").length <= SETTINGS_LIMITS.postalAddressLines,
      `Postal address must be at most ${SETTINGS_LIMITS.postalAddressLines} lines`,
    );

/** Addresses the mails carry in their headers (From, Reply-To, List-Unsubscribe): strictly one. */
const email = (label: string) =>
  text(label, SETTINGS_LIMITS.email).refine(
    (v) => v === "" || isMailboxAddress(v),
    `${label} must be an e-mail address`,
  );

/** An IANA time zone this runtime knows ("" means the server's STUDIO_TIME_ZONE). */
export function isTimeZone(value: string): boolean {
  if (value === "") return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value.includes("/") || value === "UTC";
  } catch {
    return false;
  }
}

const dayHours = (day: Weekday) =>
  z
    .string({ error: HOURS_RULE })
    .trim()
    .refine(isDayHours, `${WEEKDAYS.find((d) => d.key === day)?.label}: ${HOURS_RULE}`)
    .transform((v) => v.replace(/\s+/g, ""))
    .default("");

export const FEATURED_GAME_GONE = "Choose a game from the list";

export const SettingsSchema = z.object({
  name: text("Studio name", SETTINGS_LIMITS.name).min(1, "Studio name is required"),
  tagline: text("Tagline", SETTINGS_LIMITS.tagline).default(""),
  description: text("Description", SETTINGS_LIMITS.description).default(""),
  heroHeading: text("Hero heading", SETTINGS_LIMITS.heroHeading).default(""),
  heroText: text("Hero text", SETTINGS_LIMITS.heroText).default(""),
  vision: markdown("Vision").default(""),
  values: markdown("Values").default(""),
  callToAction: markdown("Call to action").default(""),
  emailGeneral: email("General e-mail").default(""),
  emailPress: email("Press e-mail").default(""),
  emailJobs: email("Jobs e-mail").default(""),
  location: text("Location", SETTINGS_LIMITS.location).default(""),
  postalAddress: postalAddress().default(""),
  hours_monday: dayHours("monday"),
  hours_tuesday: dayHours("tuesday"),
  hours_wednesday: dayHours("wednesday"),
  hours_thursday: dayHours("thursday"),
  hours_friday: dayHours("friday"),
  hours_saturday: dayHours("saturday"),
  hours_sunday: dayHours("sunday"),
  timeZone: z
    .string({ error: "Time zone must be text" })
    .trim()
    .max(64, "Time zone must be an IANA zone such as Europe/Lisbon")
    .refine(isTimeZone, "Time zone must be an IANA zone such as Europe/Lisbon")
    // In its canonical spelling, as the server's STUDIO_TIME_ZONE is (america/new_york → America/New_York).
    .transform((v) =>
      v ? new Intl.DateTimeFormat("en-US", { timeZone: v }).resolvedOptions().timeZone : v,
    )
    .default(""),
  // The form's lines; the stored list.
  socialLinks: z
    .union([z.string(), z.array(z.object({ name: z.string(), url: z.string() }))], {
      error: "Social links must be one link per line",
    })
    .transform((value, ctx) => {
      const lines =
        typeof value === "string"
          ? value
          : value.map((l) => `${l.name} ${l.url}`.trim()).join("\n");
      const parsed = parseSocialLinks(lines);
      if (typeof parsed !== "string") return parsed;
      ctx.addIssue({ code: "custom", message: parsed });
      return z.NEVER;
    })
    .default([]),
  // A game shown on Home under the hero (its key art, trailer poster and store buttons), by id, or "".
  featuredGame: z
    .string({ error: FEATURED_GAME_GONE })
    .trim()
    .toLowerCase()
    .refine(
      (v) => v === "" || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
      FEATURED_GAME_GONE,
    )
    .default(""),
  senderName: text("Sender name", SETTINGS_LIMITS.senderName).default(""),
  senderAddress: email("Sender address").default(""),
  accentColor: z
    .string({ error: "Accent colour must be a colour such as #5b3fd1" })
    .trim()
    .transform((value, ctx) => {
      if (value === "") return "";
      const hex = normalizeHex(value);
      if (!hex) {
        ctx.addIssue({ code: "custom", message: "Accent colour must be a colour such as #5b3fd1" });
        return z.NEVER;
      }
      const problem = accentProblem(hex);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return hex;
    })
    .default(""),
  headingFont: z
    .enum(HEADING_FONT_VALUES, { error: "Choose one of the heading fonts" })
    .default("system"),
  // An uploaded image's id (the media library), or "" for none.
  logo: z
    .string({ error: "Upload the logo again" })
    .trim()
    .toLowerCase()
    .refine(
      (v) => v === "" || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
      "Upload the logo again",
    )
    .default(""),
  // The header's and footer's links, in order (docs/product.md#navigation); empty: the default.
  // Saved by the navigation editor, not by the settings form.
  navigation: NavigationSchema.default([]),
});

/** The settings form's fields: all but the navigation, which has its own editor. */
export const SettingsFormSchema = SettingsSchema.omit({ navigation: true });

export type SettingsInput = z.input<typeof SettingsSchema>;
export type SiteSettings = z.output<typeof SettingsSchema>;

/** The stored values as the form's fields take them (social links as lines, no navigation). */
export function settingsFormValues(settings: SiteSettings): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (key === "navigation") continue;
    values[key] = key === "socialLinks" ? socialLinksText(value as SocialLink[]) : String(value);
  }
  return values;
}
