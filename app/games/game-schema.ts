import { FILL_ALL_FIELDS } from "~/news";
import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { GAME_STATUSES } from "./game-status";

// The admin game form's one schema (docs/product.md#validation-messages): every field non-blank,
// else 'Please fill in all fields'; links must be http or https (an image may also be a path on
// this site).
export const GAME_LIMITS = { title: 120, description: 2_000, url: 2_048 } as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const isSitePath = (value: string) =>
  value.startsWith("/") && !value.startsWith("//") && !/[\s\\]/.test(value);

const required = (max: number, label: string) =>
  z
    .string({ error: FILL_ALL_FIELDS })
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoControlCharacters, noControlCharacters(label));

export const GameSchema = z.object({
  title: required(GAME_LIMITS.title, "Game Title"),
  description: required(GAME_LIMITS.description, "Description"),
  imageUrl: required(GAME_LIMITS.url, "Icon/Image URL").refine(
    (v) => isHttpUrl(v) || isSitePath(v),
    "Icon/Image URL must start with http:// or https://",
  ),
  status: z.enum(GAME_STATUSES, { error: "Choose one of the four statuses" }).default("Released"),
  url: required(GAME_LIMITS.url, "Game Link").refine(
    isHttpUrl,
    "Game Link must start with http:// or https://",
  ),
});
export type GameInput = z.infer<typeof GameSchema>;

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

/** A game as the pages and the API get it: image_url is its imageUrl (docs/product.md#data). */
export const GameEntrySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  status: z.enum(GAME_STATUSES),
  url: z.string(),
  displayOrder: z.number().int(),
});
export type GameEntry = z.infer<typeof GameEntrySchema>;
