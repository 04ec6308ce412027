import type { NewsFilter } from "./news-about";
import type { NewsKind } from "./news-kinds";

// The news list's filters as addresses and words (docs/product.md#news-list): the query a filter
// is written as, the heading that names it, and whether search engines may keep the page.

/** The list's heading for a kind: several posts of it. */
export const NEWS_KIND_PLURALS: Record<NewsKind, string> = {
  news: "News",
  devlog: "Devlogs",
  "patch-notes": "Patch notes",
  event: "Events",
  launch: "Launches",
};

/**
 * The query of the list with these filters and search, in one order (kind, game, tag, q), so the
 * same list has one address; no cursor: a new filter starts at the first page.
 */
export function newsListQuery(filter: NewsFilter, search = ""): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.kind) query.set("kind", filter.kind);
  if (filter.game) query.set("game", filter.game);
  if (filter.tag) query.set("tag", filter.tag);
  if (search) query.set("q", search);
  return query;
}

/** The list's address with these filters and search: `/news` when none. */
export function newsListHref(filter: NewsFilter, search = ""): string {
  const query = newsListQuery(filter, search).toString();
  return query ? `/news?${query}` : "/news";
}

/**
 * What the list shows, in words: "Patch notes", "News about Star Drift", "Posts tagged #balance",
 * "Devlogs about Star Drift tagged #art matching “rain”". `game` is the filter's game as a reader
 * knows it (its title, or the address asked for when no listed game has it).
 */
export function newsListHeading(filter: NewsFilter, game?: string, search = ""): string {
  const base = filter.kind ? NEWS_KIND_PLURALS[filter.kind] : filter.tag ? "Posts" : "News";
  return [
    base,
    filter.game ? ` about ${game ?? filter.game}` : "",
    filter.tag ? ` tagged #${filter.tag}` : "",
    search ? ` matching “${search}”` : "",
  ].join("");
}

/**
 * Whether search engines may keep the list: the whole list and a kind alone, yes; a search is for
 * the reader who asked, and a game's or a tag's posts have their own pages (`/games/<slug>/news`,
 * `/news/tag/<tag>`), so those are `noindex`; so is a kind with no post yet (an empty page).
 */
export function isIndexableNewsList(filter: NewsFilter, search: string, empty: boolean): boolean {
  if (search || filter.game || filter.tag) return false;
  return !(filter.kind && empty);
}
