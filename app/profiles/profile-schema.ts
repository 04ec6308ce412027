import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { parseTheme, THEMES } from "~/platform/theme/theme";

// The profile and settings forms' schemas, shared by browser and server.

/** What a post to /profile may ask for: a closed set, anything else is refused (400). */
export const ProfileIntentSchema = z.enum([
  "profile",
  "settings",
  "save-theme",
  "enable-2fa",
  "confirm-2fa",
  "disable-2fa",
  "change-password",
  "revoke-session",
  "delete-account",
  "rename-factor",
  "remove-passkey",
  "create-api-key",
  "revoke-api-key",
  "link-provider",
  "unlink-provider",
  "add-phone",
  "resend-phone-code",
  "confirm-phone",
  "remove-phone",
]);
export type ProfileIntent = z.infer<typeof ProfileIntentSchema>;

export const PROFILE_LIMITS = { displayName: 60, bio: 500 } as const;

export const ProfileSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(
      PROFILE_LIMITS.displayName,
      `Display name must be at most ${PROFILE_LIMITS.displayName} characters`,
    )
    .refine(hasNoControlCharacters, noControlCharacters("Display name"))
    .default(""),
  bio: z
    .string()
    .trim()
    .max(PROFILE_LIMITS.bio, `Bio must be at most ${PROFILE_LIMITS.bio} characters`)
    .refine(hasNoControlCharacters, noControlCharacters("Bio"))
    .default(""),
});

const GAME_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** At most this many games' lists in one save: more than any catalogue offers at once. */
export const SETTINGS_GAME_LISTS = 200;

export const SettingsSchema = z.object({
  // A checkbox: present when on, absent when off. It is the studio's newsletter for the account's
  // address (docs/product.md#settings-tab).
  emailNotifications: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  themePreference: z.enum(THEMES, { error: "Choose light, dark or system" }),
  privacyLevel: z.enum(["public", "private"], { error: "Choose public or private" }),
  // Sent only by a form that showed the account's lists: a form drawn without them (they failed to
  // load) leaves the subscription as it is rather than reading its absent boxes as "off".
  newsletterShown: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  // The games' lists checked (by game id); none checked: absent. One arrives as a string.
  gameLists: z.preprocess(
    (value) => (value === undefined ? [] : typeof value === "string" ? [value] : value),
    z.array(z.string().regex(GAME_ID, "Unknown list")).max(SETTINGS_GAME_LISTS, "Too many lists"),
  ),
});
export type SettingsInput = z.infer<typeof SettingsSchema>;
/** An account's preferences (user_preferences), as saved and as the API gives them. */
export type Settings = Omit<SettingsInput, "gameLists" | "newsletterShown">;

/** The theme switcher's save to the account: an unknown theme is saved as 'system'. */
export const SaveThemeSchema = z.object({ theme: z.string().optional().transform(parseTheme) });

/** Signing out one device, by its session id (never its token); an unknown id is not a device. */
export const RevokeSessionSchema = z.object({ sessionId: z.string().default("") });

/** An account's preferences as the API gives them (docs/product.md#data: user_preferences). */
export const PreferencesSchema = z.object({
  emailNotifications: z.boolean(),
  themePreference: z.enum(THEMES),
  privacyLevel: z.enum(["public", "private"]),
}) satisfies z.ZodType<Settings>;

/** A profile as the API lists it: no bio or avatar. */
export const ProfileSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;
