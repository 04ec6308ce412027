import { SLUG_PATTERN } from "~/platform/seo/slug";

// A post's kinds, their labels, tags and a list's filters (docs/product.md#news-about-games): what
// the cards, the articles, the tag pages and the filter bar use, apart from the schemas in
// ./news-about.ts so a page that shows a badge or reads a filter ships no validation code.

export const NEWS_KINDS = ["news", "devlog", "patch-notes", "event", "launch"] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];
export const DEFAULT_NEWS_KIND: NewsKind = "news";

export const NEWS_KIND_LABELS: Record<NewsKind, string> = {
  news: "News",
  devlog: "Devlog",
  "patch-notes": "Patch notes",
  event: "Event",
  launch: "Launch",
};

export const isNewsKind = (value: unknown): value is NewsKind =>
  typeof value === "string" && (NEWS_KINDS as readonly string[]).includes(value);

/** A post's badge: its kind, and a patch note's version ("Patch notes 1.2.0"). */
export function kindLabel(kind: NewsKind, version: string | null): string {
  return kind === "patch-notes" && version ? `Patch notes ${version}` : NEWS_KIND_LABELS[kind];
}

/** A tag page's address: `/news/tag/<tag>`. */
export const tagPath = (tag: string) => `/news/tag/${encodeURIComponent(tag)}`;

// Tags: lower-case words joined by hyphens (letters of any script, digits), a handful per post.
export const TAGS_MAX = 8;
export const TAG_MAX = 32;
const TAG = /^[\p{Ll}\p{Lo}\p{Lm}\p{N}]+(-[\p{Ll}\p{Lo}\p{Lm}\p{N}]+)*$/u;
export const TAG_RULE = `Tags use letters, digits and hyphens, at most ${TAG_MAX} characters each`;
export const TOO_MANY_TAGS = `Give a post at most ${TAGS_MAX} tags`;

/**
 * A tag as staff typed it, normalised: "Level Design" and "#level_design" are both `level-design`.
 * Returns null for what cannot be a tag (other characters, too long, empty).
 */
export function normalizeTag(typed: string): string | null {
  const tag = typed
    .normalize("NFKC")
    .trim()
    .replace(/^#+/, "")
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  return tag.length > 0 && tag.length <= TAG_MAX && TAG.test(tag) ? tag : null;
}

// A game named by the API or the editor: its id or its slug.
export const GAME_REF_RULE = "Name games by their id or their address (slug)";
export const GAMES_MAX = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGameRef = (value: string) => UUID.test(value) || SLUG_PATTERN.test(value);

/** The filters of a news list (`/news?kind=&game=&tag=`, the API's), each checked or absent. */
/**
 * A list's filters. `game` is the id or slug a reader asked for, resolved when the list is read;
 * `gameId` a game the caller has already read (a game's page), used as it is.
 */
export type NewsFilter = { kind?: NewsKind; game?: string; gameId?: string; tag?: string };

/** The filters a query string asks for; what cannot be one is left out (pages) or refused (API). */
export function newsFilterFrom(params: URLSearchParams): NewsFilter {
  const kind = params.get("kind");
  const game = params.get("game")?.trim();
  const tag = normalizeTag(params.get("tag") ?? "");
  return {
    ...(isNewsKind(kind) ? { kind } : {}),
    ...(game && isGameRef(game) ? { game } : {}),
    ...(tag ? { tag } : {}),
  };
}
