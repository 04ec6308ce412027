import { isMailboxAddress, isWebUrl } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";
import { MONETIZATION } from "./kit-words";

// A press kit's own fields (docs/product.md#press-kit): what neither the game nor the site settings
// keep. Stored as the `data` of its `press_kits` row; checked here on every write and read.

export { MONETIZATION, MONETIZATION_WORDS, type Monetization } from "./kit-words";

const line = z.string().trim().max(500);
/** The kit's links are printed as `href` on public pages: http(s) only, on every path in. */
export const KIT_LINK_RULE = "Links must start with http:// or https://";
const link = z
  .string()
  .trim()
  .max(2_048)
  .refine((value) => value === "" || isWebUrl(value), KIT_LINK_RULE);
/** A press contact: an e-mail address (linked as mailto:) or a web address. */
export const KIT_CONTACT_RULE = "A contact must be an e-mail address or start with https://";
const contactAddress = z
  .string()
  .trim()
  .max(2_048)
  .refine((value) => isMailboxAddress(value) || isWebUrl(value), KIT_CONTACT_RULE);
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
    .array(z.object({ label: line, address: contactAddress }))
    .max(20)
    .default([]),
});

export type KitData = z.output<typeof KitDataSchema>;

/**
 * A stored kit's fields, whatever an older row held: a link saved before links had to be http(s)
 * is dropped (its text kept), and what else fails the schema is left at its default.
 */
export function kitDataOf(stored: unknown): KitData {
  const parsed = KitDataSchema.safeParse(withoutUnsafeLinks(stored ?? {}));
  return parsed.success ? parsed.data : KitDataSchema.parse({});
}

/** The stored kit with every link that is not http(s) emptied, and contacts without one left out. */
function withoutUnsafeLinks(stored: unknown): unknown {
  if (typeof stored !== "object" || stored === null) return stored;
  const data = { ...(stored as Record<string, unknown>) };
  const safe = (value: unknown) =>
    typeof value === "string" && isWebUrl(value.trim()) ? value : "";
  for (const key of ["quotes", "additionals", "credits"]) {
    const list = data[key];
    if (Array.isArray(list)) {
      data[key] = list.map((entry) =>
        typeof entry === "object" && entry !== null && "link" in entry
          ? { ...entry, link: safe((entry as { link: unknown }).link) }
          : entry,
      );
    }
  }
  if (Array.isArray(data.contacts)) {
    data.contacts = data.contacts.filter(
      (contact) =>
        typeof contact === "object" &&
        contact !== null &&
        typeof (contact as { address?: unknown }).address === "string" &&
        (isMailboxAddress((contact as { address: string }).address.trim()) ||
          isWebUrl((contact as { address: string }).address.trim())),
    );
  }
  return data;
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
