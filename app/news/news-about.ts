import { z } from "~/platform/forms/zod";
import {
  DEFAULT_NEWS_KIND,
  GAME_REF_RULE,
  GAMES_MAX,
  isGameRef,
  NEWS_KINDS,
  type NewsKind,
  normalizeTag,
  TAG_RULE,
  TAGS_MAX,
  TOO_MANY_TAGS,
} from "./news-kinds";

// What a post is about (docs/product.md#news-about-games): the games it names (none: the studio),
// its kind (a patch note carries its version) and its tags. Browser-safe: the editor, the filters,
// the cards and the API share these rules. The kinds and their labels are in ./news-kinds.ts, which
// pages showing a badge load without the schemas.

export {
  DEFAULT_NEWS_KIND,
  GAME_REF_RULE,
  GAMES_MAX,
  isGameRef,
  isNewsKind,
  kindLabel,
  NEWS_KIND_LABELS,
  NEWS_KINDS,
  type NewsFilter,
  type NewsKind,
  newsFilterFrom,
  normalizeTag,
  TAG_MAX,
  TAG_RULE,
  TAGS_MAX,
  TOO_MANY_TAGS,
  tagPath,
} from "./news-kinds";

export const UNKNOWN_KIND = "Choose a kind: news, devlog, patch-notes, event or launch";

// A version as studios write them: 1.2.0, v0.9b, 2024.11, 1.0.0-beta.2+build.7.
export const VERSION_MAX = 32;
const VERSION = /^[0-9A-Za-z]([0-9A-Za-z.+_-]*[0-9A-Za-z])?$/;
export const VERSION_NEEDED = "Patch notes need a version, e.g. 1.2.0";
export const VERSION_RULE = `Write the version with letters, digits, dots and hyphens, e.g. 1.2.0 (at most ${VERSION_MAX} characters)`;
export const VERSION_ONLY_PATCH_NOTES = "Only patch notes have a version";

export const isVersion = (value: string) => value.length <= VERSION_MAX && VERSION.test(value);

/** A form's repeated field as a list: absent, one value or several. */
const asList = (value: unknown) =>
  value === undefined || value === "" ? [] : typeof value === "string" ? [value] : value;

export const GamesField = z.preprocess(
  asList,
  z
    .array(z.string({ error: GAME_REF_RULE }).trim().refine(isGameRef, GAME_REF_RULE), {
      error: GAME_REF_RULE,
    })
    .max(GAMES_MAX, `Choose at most ${GAMES_MAX} games`)
    .transform((refs) => [...new Set(refs)]),
);

export const KindField = z.enum(NEWS_KINDS, { error: UNKNOWN_KIND }).default(DEFAULT_NEWS_KIND);

export const VersionField = z
  .string({ error: VERSION_RULE })
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.string().refine(isVersion, VERSION_RULE).optional());

/** The form's one field ("level design, Roadmap") or the API's list, normalised and unique. */
export const TagsField = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(",")
          .map((tag) => tag.trim())
          .filter(Boolean)
      : (value ?? []),
  z.array(z.string({ error: TAG_RULE }), { error: TAG_RULE }).transform((typed, ctx) => {
    const tags: string[] = [];
    for (const one of typed) {
      const tag = normalizeTag(one);
      if (!tag) {
        ctx.addIssue({ code: "custom", message: `${TAG_RULE}: “${one.slice(0, 40)}”` });
        return z.NEVER;
      }
      if (!tags.includes(tag)) tags.push(tag);
    }
    if (tags.length > TAGS_MAX) {
      ctx.addIssue({ code: "custom", message: TOO_MANY_TAGS });
      return z.NEVER;
    }
    return tags;
  }),
);

/** The version rule across fields: patch notes need one, other kinds take none. */
export function versionIssue(input: {
  kind: NewsKind;
  version?: string | undefined;
}): string | null {
  if (input.kind === "patch-notes") return input.version ? null : VERSION_NEEDED;
  return input.version ? VERSION_ONLY_PATCH_NOTES : null;
}
