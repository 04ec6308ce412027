import { ZONED_INPUT } from "~/platform/dates/zoned-time";
import {
  FILL_ALL_FIELDS,
  hasNoControlCharacters,
  noControlCharacters,
} from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { SLUG_MAX, SLUG_PATTERN, SLUG_RULE } from "~/platform/seo/slug";

// The admin news form's one schema (docs/product.md#validation-messages): title and content
// non-blank, else 'Please fill in all fields'.
export { FILL_ALL_FIELDS } from "~/platform/forms/text-rules";
export const NEWS_LIMITS = { title: 200, content: 20_000, alt: 300 } as const;

import {
  GamesField,
  isGameRef,
  KindField,
  NEWS_KINDS,
  TagsField,
  VersionField,
  versionIssue,
} from "./news-about";
import { DEFAULT_NEWS_STATE, NEWS_STATES } from "./news-states";

export {
  DEFAULT_NEWS_STATE,
  NEWS_STATE_LABELS,
  NEWS_STATES,
  type NewsState,
} from "./news-states";

export const IMAGE_NEEDS_ALT =
  "Every image needs alt text: write it between the brackets, ![like this](…)";
export const COVER_NEEDS_ALT = "Describe the cover image: alt text is required.";
export const PUBLISH_TIME_NEEDED = "Choose when to publish";
export const PUBLISH_TIME_PASSED =
  "This time has already passed. Choose a later time, or choose Published to publish now.";
export { publishTimePassed } from "~/platform/dates/zoned-time";
export const UNKNOWN_MAIL_LIST_VALUE = "Choose lists from those shown";
export const MAIL_LISTS_MAX = 100;
/** The studio's list among a post's mail lists (the others are games). */
export const STUDIO_MAIL_LIST = "studio";
const MAIL_LIST = /^(studio|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

// An image written without alt text: `![](…)` or `![ ][ref]`.
const IMAGE_WITHOUT_ALT = /!\[\s*\]\s*[([]/;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

export const NewsSchema = z
  .object({
    title: z
      .string({ error: FILL_ALL_FIELDS })
      .trim()
      .min(1, FILL_ALL_FIELDS)
      .max(NEWS_LIMITS.title, `Title must be at most ${NEWS_LIMITS.title} characters`)
      .refine(hasNoControlCharacters, noControlCharacters("Title")),
    content: z
      .string({ error: FILL_ALL_FIELDS })
      .trim()
      .min(1, FILL_ALL_FIELDS)
      .max(NEWS_LIMITS.content, `Content must be at most ${NEWS_LIMITS.content} characters`)
      .refine(hasNoControlCharacters, noControlCharacters("Content"))
      .refine((value) => !IMAGE_WITHOUT_ALT.test(value), IMAGE_NEEDS_ALT),
    // Empty: made from the title.
    slug: optionalText.pipe(
      z
        .string()
        .max(SLUG_MAX, `Address must be at most ${SLUG_MAX} characters`)
        .regex(SLUG_PATTERN, SLUG_RULE)
        .optional(),
    ),
    // Published unless said otherwise: the spec's form and API publish at once.
    state: z
      .enum(NEWS_STATES, { error: "Choose Published, Scheduled or Draft" })
      .default(DEFAULT_NEWS_STATE),
    // A scheduled item's time: a datetime-local value in the studio's zone, or an ISO time with offset.
    publishAt: optionalText.pipe(
      z.string().regex(ZONED_INPUT, "Enter a valid date and time").optional(),
    ),
    coverImage: optionalText.pipe(z.uuid("Upload the cover image again").optional()),
    coverAlt: optionalText.pipe(
      z
        .string()
        .max(NEWS_LIMITS.alt, `Alt text must be at most ${NEWS_LIMITS.alt} characters`)
        .refine(hasNoControlCharacters, noControlCharacters("Alt text"))
        .optional(),
    ),
    // What it is about (docs/product.md#news-about-games): games by id or slug (none: the studio),
    // its kind, a patch note's version, and tags.
    games: GamesField,
    kind: KindField,
    version: VersionField,
    tags: TagsField,
    // The newsletter lists it is mailed to once public: "studio" or a game (id or slug). Absent:
    // none for a new post, unchanged for an update (the editor always sends its choice).
    mailLists: z.preprocess(
      (value) => (typeof value === "string" ? [value] : value),
      z
        .array(
          z
            .string({ error: UNKNOWN_MAIL_LIST_VALUE })
            .refine(
              (value) => value === STUDIO_MAIL_LIST || isGameRef(value),
              UNKNOWN_MAIL_LIST_VALUE,
            ),
          { error: UNKNOWN_MAIL_LIST_VALUE },
        )
        .max(MAIL_LISTS_MAX, `Choose at most ${MAIL_LISTS_MAX} lists`)
        .transform((lists) => [...new Set(lists)])
        .optional(),
    ),
  })
  .superRefine((input, ctx) => {
    const version = versionIssue(input);
    if (version) ctx.addIssue({ code: "custom", path: ["version"], message: version });
    if (input.state === "scheduled" && !input.publishAt)
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: PUBLISH_TIME_NEEDED });
    if (input.coverImage && !input.coverAlt)
      ctx.addIssue({ code: "custom", path: ["coverAlt"], message: COVER_NEEDS_ALT });
  });
export type NewsInput = z.infer<typeof NewsSchema>;

/**
 * The admin editor's form: the item, and the newsletter lists it is mailed to once public; none
 * ticked sends no field, so the form's choice is always whole (docs/product.md#newsletter-sending).
 */
export const NewsFormSchema = NewsSchema.safeExtend({
  mailLists: z.preprocess(
    (value) =>
      value === undefined || value === "" ? [] : typeof value === "string" ? [value] : value,
    z
      .array(
        z.string({ error: UNKNOWN_MAIL_LIST_VALUE }).regex(MAIL_LIST, UNKNOWN_MAIL_LIST_VALUE),
        {
          error: UNKNOWN_MAIL_LIST_VALUE,
        },
      )
      .max(MAIL_LISTS_MAX, `Choose at most ${MAIL_LISTS_MAX} lists`),
  ),
});
export type NewsFormInput = z.infer<typeof NewsFormSchema>;

/** A game a post is about, as pages link it. */
export const NewsGameSchema = z.object({ id: z.uuid(), slug: z.string(), title: z.string() });
export type NewsGame = z.infer<typeof NewsGameSchema>;

/** A news item as the pages and the API get it: created_at is its `date` (docs/product.md#data). */
export const NewsEntrySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  date: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  slug: z.string(),
  /** Plain text: the first paragraph, for cards, feeds and link previews. */
  excerpt: z.string(),
  /** "markdown", or "text" for items written before Markdown (a paragraph per line). */
  format: z.enum(["markdown", "text"]),
  state: z.enum(NEWS_STATES),
  /** When it is (or will be) public; null for a draft. */
  publishedAt: z.iso.datetime().nullable(),
  coverImage: z.uuid().nullable(),
  coverAlt: z.string().nullable(),
  /** The games it is about, in the order staff gave them; empty: about the studio. */
  games: z.array(NewsGameSchema),
  kind: z.enum(NEWS_KINDS),
  /** A patch note's version; null for other kinds. */
  version: z.string().nullable(),
  tags: z.array(z.string()),
  /** The newsletter lists it is mailed to once public ("studio" or a game's id); staff only. */
  mailLists: z.array(z.string()).optional(),
});
export type NewsEntry = z.infer<typeof NewsEntrySchema>;

/** A news item as a card shows it: the first paragraph instead of the whole text. */
export const NewsSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  date: z.iso.datetime(),
  kind: z.enum(NEWS_KINDS),
  version: z.string().nullable(),
  games: z.array(NewsGameSchema),
  /** The cover as the card shows it; null: none. */
  cover: z
    .object({
      image: z.object({
        id: z.string(),
        widths: z.array(z.number()),
        sizes: z.string(),
        width: z.number(),
        height: z.number(),
        query: z.string().optional(),
      }),
      alt: z.string(),
    })
    .nullable(),
});
export type NewsSummary = z.infer<typeof NewsSummarySchema>;
