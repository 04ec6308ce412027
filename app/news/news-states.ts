// Where a news item stands, without zod: the public article page names a preview's state, and must
// not load the form's schema to do it.

/** Only published items are public. */
export const NEWS_STATES = ["published", "scheduled", "draft"] as const;
export type NewsState = (typeof NEWS_STATES)[number];

/** A new item's state: the spec's form and API publish at once. */
export const DEFAULT_NEWS_STATE: NewsState = "published";

export const NEWS_STATE_LABELS: Record<NewsState, string> = {
  published: "Published",
  scheduled: "Scheduled",
  draft: "Draft",
};
