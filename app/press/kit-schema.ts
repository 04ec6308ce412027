import { z } from "~/platform/forms/zod";
import { MONETIZATION } from "./kit-words";

// A press kit's own fields (docs/product.md#press-kit): what neither the game nor the site settings
// keep. Stored as the `data` of its `press_kits` row; checked here on every write and read.

export { MONETIZATION, MONETIZATION_WORDS, type Monetization } from "./kit-words";

const line = z.string().trim().max(500);
const link = z.string().trim().max(2_048);
const text = z.string().trim().max(10_000);

export const KitDataSchema = z.object({
  // The game's kit.
  developer: line.default(""),
  publisher: line.default(""),
  // The release date in words when the game has no date yet ("Spring 2031"); empty: TBA.
  releaseText: line.default(""),
  releaseDates: z
    .array(z.object({ platform: line, date: line }))
    .max(20)
    .default([]),
  prices: z
    .array(z.object({ currency: line, value: line }))
    .max(30)
    .default([]),
  languages: z.array(line).max(60).default([]),
  contentWarnings: text.default(""),
  features: z.array(text).max(40).default([]),
  trailers: z
    .array(z.object({ name: line, youtube: line.default(""), vimeo: line.default("") }))
    .max(20)
    .default([]),
  awards: z
    .array(z.object({ description: line, info: line.default("") }))
    .max(50)
    .default([]),
  quotes: z
    .array(
      z.object({
        text: text,
        author: line.default(""),
        outlet: line.default(""),
        link: link.default(""),
      }),
    )
    .max(50)
    .default([]),
  additionals: z
    .array(z.object({ title: line, description: line.default(""), link: link.default("") }))
    .max(30)
    .default([]),
  monetization: z.enum(MONETIZATION).default(""),
  pressCanRequestCopy: z.boolean().default(false),
  // Both kits.
  history: text.default(""),
  credits: z
    .array(z.object({ name: line, role: line.default(""), link: link.default("") }))
    .max(200)
    .default([]),
  logos: z
    .array(
      z.object({
        image: z.string().uuid(),
        alt: line.min(1, "Describe each logo: alt text is required."),
      }),
    )
    .max(30)
    .default([]),
  // The studio's kit.
  basedIn: line.default(""),
  foundingDate: line.default(""),
  contacts: z
    .array(z.object({ label: line, address: link }))
    .max(20)
    .default([]),
});

export type KitData = z.output<typeof KitDataSchema>;

/** A stored kit's fields, whatever an older row held: what fails the schema is left at its default. */
export function kitDataOf(stored: unknown): KitData {
  const parsed = KitDataSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : KitDataSchema.parse({});
}

const SEPARATOR = " | ";

/** Lines of "a | b | c" as records of the named keys; blank lines are left out. */
export function linesToRecords<K extends string>(
  value: string,
  keys: readonly K[],
): Record<K, string>[] {
  return value
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter(Boolean)
    .map((row) => {
      const parts = row.split("|").map((part) => part.trim());
      return Object.fromEntries(keys.map((key, i) => [key, parts[i] ?? ""])) as Record<K, string>;
    });
}

/** Records back as the editor's lines, empty trailing parts dropped. */
export function recordsToLines<K extends string>(
  records: readonly Record<K, string>[],
  keys: readonly K[],
): string {
  return records
    .map((record) => {
      const parts = keys.map((key) => record[key] ?? "");
      while (parts.length > 1 && parts.at(-1) === "") parts.pop();
      return parts.join(SEPARATOR);
    })
    .join("\n");
}
