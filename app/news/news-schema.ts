import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";

// The admin news form's one schema (docs/product.md#validation-messages): title and content
// non-blank, else 'Please fill in all fields'.
export const FILL_ALL_FIELDS = "Please fill in all fields";
export const NEWS_LIMITS = { title: 200, content: 20_000 } as const;

export const NewsSchema = z.object({
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
    .refine(hasNoControlCharacters, noControlCharacters("Content")),
});
export type NewsInput = z.infer<typeof NewsSchema>;

/** A news item as the pages and the API get it: created_at is its `date` (docs/product.md#data). */
export const NewsEntrySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  date: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type NewsEntry = z.infer<typeof NewsEntrySchema>;

/** A news item as a card shows it: the first paragraph instead of the whole text. */
export const NewsSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  excerpt: z.string(),
  date: z.iso.datetime(),
});
export type NewsSummary = z.infer<typeof NewsSummarySchema>;
