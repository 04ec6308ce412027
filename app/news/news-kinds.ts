// A post's kinds, their labels and a tag's address (docs/product.md#news-about-games): what the
// cards, the articles and the filter bar show, apart from the schemas in ./news-about.ts so a page
// that shows a badge ships no validation code.

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
