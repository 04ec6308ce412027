import { instantToZonedInput, zonedTimeToInstant } from "~/platform/dates/zoned-time";
import { AppError } from "~/platform/errors/app-error";
import { z } from "~/platform/forms/zod";
import {
  KIT_CONTACT_RULE,
  KIT_LINK_RULE,
  type KitData,
  KitDataSchema,
  linesToRecords,
  MONETIZATION,
  recordsToLines,
} from "./kit-schema";

// The "Press kit" editor's one schema, for the form in the browser and the action on the server.
// Lists are written one item a line, parts split by " | ".

const lines = (max: number) => z.string().max(max, "This list is too long").default("");
const list = (value: string) =>
  value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);

export const EMBARGO_RULE = "Embargo must be a date and time (YYYY-MM-DDTHH:MM)";

const EMBARGO_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

export const KitFormSchema = z
  .object({
    gameId: z.string().default(""),
    listed: z.string().optional(),
    // A game's kit: the game goes public when the embargo lifts (docs/product.md#game-visibility).
    announceGame: z.string().optional(),
    embargoUntil: z
      .string()
      .trim()
      .default("")
      // A real day and time (not February 30th), in whatever zone it is read.
      .refine(
        (v) => v === "" || (EMBARGO_INPUT.test(v) && zonedTimeToInstant(v, "UTC") !== null),
        EMBARGO_RULE,
      ),
    developer: z.string().default(""),
    publisher: z.string().default(""),
    releaseText: z.string().default(""),
    releaseDates: lines(5_000),
    prices: lines(5_000),
    languages: lines(3_000),
    contentWarnings: z.string().default(""),
    history: z.string().default(""),
    features: lines(20_000),
    trailers: lines(5_000),
    awards: lines(10_000),
    quotes: lines(30_000),
    additionals: lines(10_000),
    credits: lines(30_000),
    monetization: z.enum(MONETIZATION, { error: "Choose one of the policies" }).default(""),
    pressCanRequestCopy: z.string().optional(),
    basedIn: z.string().default(""),
    foundingDate: z.string().default(""),
    contacts: lines(5_000),
    // Always sent by the editor (its logos' list, "[]" for none).
    logos: z.string({ error: "Upload the logos again" }),
  })
  .transform((form, ctx) => {
    let logos: unknown = [];
    try {
      logos = JSON.parse(form.logos);
    } catch {
      ctx.addIssue({ code: "custom", path: ["logos"], message: "Upload the logos again" });
      return z.NEVER;
    }
    const data = KitDataSchema.safeParse({
      developer: form.developer,
      publisher: form.publisher,
      releaseText: form.releaseText,
      releaseDates: linesToRecords(form.releaseDates, ["platform", "date"]),
      prices: linesToRecords(form.prices, ["currency", "value"]),
      languages: list(form.languages),
      contentWarnings: form.contentWarnings,
      history: form.history,
      features: form.features
        .split(/\r?\n/)
        .map((f) => f.trim())
        .filter(Boolean),
      trailers: linesToRecords(form.trailers, ["name", "youtube", "vimeo"]),
      awards: linesToRecords(form.awards, ["description", "info"]),
      quotes: linesToRecords(form.quotes, ["text", "author", "outlet", "link"]),
      additionals: linesToRecords(form.additionals, ["title", "description", "link"]),
      credits: linesToRecords(form.credits, ["name", "role", "link"]),
      monetization: form.monetization,
      pressCanRequestCopy: form.pressCanRequestCopy === "on",
      basedIn: form.basedIn,
      foundingDate: form.foundingDate,
      contacts: linesToRecords(form.contacts, ["label", "address"]),
      logos,
    });
    if (!data.success) {
      const issue = data.error.issues[0];
      const field = String(issue?.path[0] ?? "");
      const line = typeof issue?.path[1] === "number" ? issue.path[1] + 1 : null;
      const about =
        issue?.message === KIT_LINK_RULE || issue?.message === KIT_CONTACT_RULE
          ? `Line ${line}`
          : field === "logos"
            ? "Describe each logo"
            : "Too long or too many";
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `${about}: ${issue?.message ?? ""}`.trim(),
      });
      return z.NEVER;
    }
    return {
      gameId: form.gameId || null,
      listed: form.listed === "on",
      // A wall clock in the studio's zone, which the schema does not know: `kitEmbargo` reads it.
      embargoUntil: form.embargoUntil || null,
      announceGame: form.announceGame === "on",
      data: data.data,
    };
  });

/** "Revoke all links": the kit (a game's id, or `studio`) whose signed links end. */
export const KitLinksSchema = z
  .object({ kit: z.string({ error: "The kit to change is missing." }) })
  .transform((form) => ({ gameId: form.kit === "studio" ? null : form.kit }));

/**
 * The instant an embargo typed in the editor names: a wall clock in the studio's zone, as every
 * time staff type (docs/product.md#date-formats). null: no embargo.
 */
export function kitEmbargo(typed: string | null, timeZone: string): Date | null {
  if (!typed) return null;
  const instant = zonedTimeToInstant(typed, timeZone);
  if (!instant) throw new AppError("invalid", EMBARGO_RULE, { field: "embargoUntil" });
  return instant;
}

/** A kit as the editor's starting values, its embargo in the studio's zone. */
export function kitFormValues(
  kit: {
    listed: boolean;
    embargoUntil: Date | string | null;
    data: KitData;
    /** The game is announced when the embargo lifts. */
    announceGame?: boolean;
  },
  gameId: string | null,
  timeZone: string,
) {
  const d = kit.data;
  const embargo = kit.embargoUntil
    ? instantToZonedInput(kit.embargoUntil, timeZone).slice(0, 16)
    : "";
  return {
    gameId: gameId ?? "",
    listed: kit.listed ? "on" : undefined,
    embargoUntil: embargo,
    announceGame: kit.announceGame ? "on" : undefined,
    developer: d.developer,
    publisher: d.publisher,
    releaseText: d.releaseText,
    releaseDates: recordsToLines(d.releaseDates, ["platform", "date"]),
    prices: recordsToLines(d.prices, ["currency", "value"]),
    languages: d.languages.join(", "),
    contentWarnings: d.contentWarnings,
    history: d.history,
    features: d.features.join("\n"),
    trailers: recordsToLines(d.trailers, ["name", "youtube", "vimeo"]),
    awards: recordsToLines(d.awards, ["description", "info"]),
    quotes: recordsToLines(d.quotes, ["text", "author", "outlet", "link"]),
    additionals: recordsToLines(d.additionals, ["title", "description", "link"]),
    credits: recordsToLines(d.credits, ["name", "role", "link"]),
    monetization: d.monetization,
    pressCanRequestCopy: d.pressCanRequestCopy ? "on" : undefined,
    basedIn: d.basedIn,
    foundingDate: d.foundingDate,
    contacts: recordsToLines(d.contacts, ["label", "address"]),
    logos: JSON.stringify(d.logos),
  };
}
