import { isUuid } from "~/db/ids";
import { MEDIA_ALT_MAX } from "~/media";
import { ZONED_INPUT } from "~/platform/dates/zoned-time";
import {
  FILL_ALL_FIELDS,
  hasNoControlCharacters,
  noControlCharacters,
} from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { SLUG_MAX, SLUG_PATTERN, SLUG_RULE } from "~/platform/seo/slug";
import { GAME_STATUSES } from "./game-status";
import { ANNOUNCE_TIME_NEEDED, GAME_VISIBILITIES } from "./game-visibility";
import { isHttpUrl, parseStoreLinks, type StoreLink } from "./store-links";
import { parseTrailer, TRAILER_RULE } from "./trailer";

// The admin game form's one schema (docs/product.md#validation-messages): every field non-blank,
// else 'Please fill in all fields'; links must be http or https (an image may also be a path on
// this site). The game page's fields are optional: one left out of a request (an API client that
// predates them) keeps what is stored, one sent empty clears it (an empty address is made from
// the title).
export const GAME_LIMITS = {
  title: 120,
  description: 2_000,
  url: 2_048,
  about: 20_000,
  platforms: 12,
  platform: 40,
  screenshots: 12,
  alt: MEDIA_ALT_MAX,
} as const;

export const GAME_PAGE_RULES = {
  about: `Page text must be at most ${GAME_LIMITS.about} characters`,
  platforms: `At most ${GAME_LIMITS.platforms} platforms`,
  platform: `Each platform must be at most ${GAME_LIMITS.platform} characters`,
  releaseDate: "Release date must be a date (YYYY-MM-DD)",
  screenshotAlt: "Every screenshot needs alt text",
  screenshots: `At most ${GAME_LIMITS.screenshots} screenshots`,
  altLength: `Alt text must be at most ${GAME_LIMITS.alt} characters`,
  screenshotGone: "Upload the screenshot again",
  gallery: "The screenshots are not a list of images with alt text",
  cardImageGone: "Upload the card image again",
  keyArtGone: "Upload the key art again",
  cardImageAlt: "Describe the card image: alt text is required.",
  keyArtAlt: "Describe the key art: alt text is required.",
} as const;

const isSitePath = (value: string) =>
  value.startsWith("/") && !value.startsWith("//") && !/[\s\\]/.test(value);

const required = (max: number, label: string) =>
  z
    .string({ error: FILL_ALL_FIELDS })
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoControlCharacters, noControlCharacters(label));

/** An uploaded picture's id: empty clears it, left out keeps what is stored. */
const upload = (gone: string) =>
  z
    .string({ error: gone })
    .trim()
    .refine((v) => v === "" || isUuid(v), gone)
    .transform((v) => (v ? v.toLowerCase() : null))
    .optional();

const altText = z
  .string()
  .trim()
  .max(GAME_LIMITS.alt, GAME_PAGE_RULES.altLength)
  .refine(hasNoControlCharacters, noControlCharacters("Alt text"))
  .transform((v) => v || null)
  .optional();

const GameFields = z.object({
  title: required(GAME_LIMITS.title, "Game Title"),
  description: required(GAME_LIMITS.description, "Description"),
  // Empty when the card has an uploaded image or screenshots to fall back on (checked below).
  imageUrl: z
    .string({ error: FILL_ALL_FIELDS })
    .trim()
    .max(GAME_LIMITS.url, `Icon/Image URL must be at most ${GAME_LIMITS.url} characters`)
    .refine(hasNoControlCharacters, noControlCharacters("Icon/Image URL"))
    .refine(
      (v) => v === "" || isHttpUrl(v) || isSitePath(v),
      "Icon/Image URL must start with http:// or https://",
    ),
  // The card's uploaded picture, shown before the Icon/Image URL; the game page's key art.
  cardImage: upload(GAME_PAGE_RULES.cardImageGone),
  cardImageAlt: altText,
  keyArt: upload(GAME_PAGE_RULES.keyArtGone),
  keyArtAlt: altText,
  status: z.enum(GAME_STATUSES, { error: "Choose one of the four statuses" }).default("Released"),
  // Left out: what is stored (public for a new game). Scheduled needs `announceAt`: a
  // datetime-local value in the studio's zone, or an ISO time with its offset.
  visibility: z
    .enum(GAME_VISIBILITIES, { error: "Choose Public, Announced at a time, Unlisted or Draft" })
    .optional(),
  announceAt: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.string().regex(ZONED_INPUT, "Enter a valid date and time").optional()),
  url: required(GAME_LIMITS.url, "Game Link").refine(
    isHttpUrl,
    "Game Link must start with http:// or https://",
  ),
  // Empty: made from the title.
  slug: z
    .string()
    .trim()
    .max(SLUG_MAX, `Address must be at most ${SLUG_MAX} characters`)
    .refine((v) => v === "" || SLUG_PATTERN.test(v), SLUG_RULE)
    .optional(),
  about: z
    .string()
    .trim()
    .max(GAME_LIMITS.about, GAME_PAGE_RULES.about)
    .refine(hasNoControlCharacters, noControlCharacters("Page text"))
    .optional(),
  trailerUrl: z
    .string()
    .trim()
    .max(GAME_LIMITS.url, TRAILER_RULE)
    .refine(
      (v) => v === "" || (hasNoControlCharacters(v) && parseTrailer(v) !== null),
      TRAILER_RULE,
    )
    .transform((v) => v || null)
    .optional(),
  // The form's "Windows, macOS, Nintendo Switch"; the API's list.
  platforms: z
    .union([z.string(), z.array(z.string())], { error: GAME_PAGE_RULES.platforms })
    .transform((value, ctx) => {
      const parsed = parsePlatforms(value);
      if (typeof parsed !== "string") return parsed;
      ctx.addIssue({ code: "custom", message: parsed });
      return z.NEVER;
    })
    .optional(),
  // The form's lines ("Steam https://…", or a link whose store its host names); the API's list.
  storeLinks: z
    .union([z.string(), z.array(z.object({ store: z.string().optional(), url: z.string() }))], {
      error: "Store links must be lines of a store's name and its link",
    })
    .transform((value, ctx) => {
      const parsed = parseStoreLinks(value);
      if ("links" in parsed) return parsed.links;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    })
    .optional(),
  releaseDate: z
    .string()
    .trim()
    .refine((v) => v === "" || isCalendarDate(v), GAME_PAGE_RULES.releaseDate)
    .transform((v) => v || null)
    .optional(),
  // The form's JSON of the screenshots' list; the API's list: [{ image: <uploaded image id>, alt }].
  gallery: z
    .union([z.string(), z.array(z.object({ image: z.string(), alt: z.string() }))], {
      error: GAME_PAGE_RULES.gallery,
    })
    .transform((value, ctx) => {
      const parsed = parseGallery(value);
      if (typeof parsed !== "string") return parsed;
      ctx.addIssue({ code: "custom", message: parsed });
      return z.NEVER;
    })
    .optional(),
});

/**
 * Whether a game has something for its card to show: an uploaded card image, the Icon/Image URL or
 * a screenshot (docs/product.md#games). Without one the spec's rule stands: 'Please fill in all
 * fields'.
 */
export function hasCardPicture(game: {
  imageUrl: string;
  cardImage: string | null;
  gallery: readonly unknown[];
}): boolean {
  return Boolean(game.imageUrl || game.cardImage || game.gallery.length);
}

export const GameSchema = GameFields.superRefine((input, ctx) => {
  if (input.visibility === "scheduled" && !input.announceAt)
    ctx.addIssue({ code: "custom", path: ["announceAt"], message: ANNOUNCE_TIME_NEEDED });
  if (input.cardImage && !input.cardImageAlt)
    ctx.addIssue({ code: "custom", path: ["cardImageAlt"], message: GAME_PAGE_RULES.cardImageAlt });
  if (input.keyArt && !input.keyArtAlt)
    ctx.addIssue({ code: "custom", path: ["keyArtAlt"], message: GAME_PAGE_RULES.keyArtAlt });
  // A request that leaves the card image or the screenshots out keeps the stored ones: the server
  // judges it against them.
  if (input.cardImage === undefined || input.gallery === undefined) return;
  const picture = { imageUrl: input.imageUrl, cardImage: input.cardImage, gallery: input.gallery };
  if (!hasCardPicture(picture))
    ctx.addIssue({ code: "custom", path: ["imageUrl"], message: FILL_ALL_FIELDS });
});
export type GameInput = z.infer<typeof GameSchema>;

/** A screenshot of the game page: an uploaded image and what it shows. */
export type GalleryItem = { image: string; alt: string };

/** The platforms, comma- or line-separated, each once; or what is wrong with them. */
export function parsePlatforms(value: string | readonly string[]): string[] | string {
  const written = typeof value === "string" ? value.split(/[,\n]/) : value;
  const seen = new Set<string>();
  const platforms: string[] = [];
  for (const item of written) {
    const platform = item.trim().replace(/\s+/g, " ");
    if (!platform || seen.has(platform.toLowerCase())) continue;
    if (platform.length > GAME_LIMITS.platform) return GAME_PAGE_RULES.platform;
    if (!hasNoControlCharacters(platform)) return noControlCharacters("Platforms");
    seen.add(platform.toLowerCase());
    platforms.push(platform);
  }
  return platforms.length > GAME_LIMITS.platforms ? GAME_PAGE_RULES.platforms : platforms;
}

/** The screenshots, each an uploaded image's id with its alt text; or what is wrong with them. */
export function parseGallery(value: string | readonly unknown[]): GalleryItem[] | string {
  let list: unknown = value;
  if (typeof value === "string") {
    if (!value.trim()) return [];
    try {
      list = JSON.parse(value);
    } catch {
      return GAME_PAGE_RULES.gallery;
    }
  }
  if (!Array.isArray(list)) return GAME_PAGE_RULES.gallery;
  if (list.length > GAME_LIMITS.screenshots) return GAME_PAGE_RULES.screenshots;
  const gallery: GalleryItem[] = [];
  for (const item of list) {
    const { image, alt } = (item ?? {}) as { image?: unknown; alt?: unknown };
    if (typeof image !== "string" || !isUuid(image)) return GAME_PAGE_RULES.screenshotGone;
    if (typeof alt !== "string" || !alt.trim()) return GAME_PAGE_RULES.screenshotAlt;
    const text = alt.trim();
    if (text.length > GAME_LIMITS.alt) return GAME_PAGE_RULES.altLength;
    if (!hasNoControlCharacters(text)) return noControlCharacters("Alt text");
    // The same upload twice is one screenshot.
    if (!gallery.some((shot) => shot.image === image.toLowerCase()))
      gallery.push({ image: image.toLowerCase(), alt: text });
  }
  return gallery;
}

/** A real day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1970 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

export const ReorderSchema = z.object({
  ids: z.string({ error: "The new order is missing." }).transform((value, ctx) => {
    try {
      const parsed = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((id) => typeof id === "string"))
        return parsed as string[];
    } catch {}
    ctx.addIssue({ code: "custom", message: "The new order is not a list of game ids." });
    return z.NEVER;
  }),
});

export { type GameEntry, GameEntrySchema, gameFormValues } from "./game-entry";
export type { StoreLink };
