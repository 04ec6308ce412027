/**
 * The longest search anyone may type, a reader on /news or staff on their lists; a longer one is
 * cut (./search.server.ts, docs/product.md#news-list). It lives apart from every zod schema so a
 * page with a search box ships no validation code.
 */
export const SEARCH_MAX_LENGTH = 100;

/**
 * A search as it is run and shown: control characters (a NUL, say, which the database refuses in
 * text) become spaces, the ends are trimmed, and it is cut at SEARCH_MAX_LENGTH.
 */
export function searchText(search: string | null | undefined): string {
  return (search ?? "")
    .replace(/\p{Cc}/gu, " ")
    .trim()
    .slice(0, SEARCH_MAX_LENGTH);
}
