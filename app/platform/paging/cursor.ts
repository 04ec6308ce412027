import { isUuid } from "~/db/ids";

// Lists are paged by keyset: a page is "the `size` rows before (older than) or after
// (newer than) this row" in the list's order, newest first. The row is named by a cursor: its
// ordering time, to the microsecond as the database keeps it, and its id, base64url-encoded so it
// travels in a URL or a Link header as one opaque token. The same URL always shows the same rows,
// whatever is added later, and a deep page costs what the first one does.

/** Rows per page of the public lists and the default page of the API. */
export const PAGE_SIZE = 12;

export type Cursor = {
  /** The row's ordering time as the database prints it in UTC, microseconds included. */
  at: string;
  /** The row's id: a UUID, or the auth library's text id (users). */
  id: string;
};

/** How a list's ids look: our tables' UUIDs, or the auth library's text ids. */
export type IdKind = "uuid" | "text";

/** What a list is ordered by: a time (newest first), or a position (games' display order). */
export type KeyKind = "time" | "position";

/** Which page of a list: the first, the rows older than a cursor, or the rows newer than it. */
export type PageRequest = { direction: "first" } | { direction: "older" | "newer"; cursor: Cursor };

/** One page: its rows, and the cursors of the pages beside it (null at either end). */
export type Page<T> = { items: T[]; newer: string | null; older: string | null };

// 2026-11-23T10:00:00.123456Z: what `cursorTime` selects.
const KEYS: Record<KeyKind, RegExp> = {
  time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  position: /^\d{1,9}$/,
};
const ID_CHECKS: Record<IdKind, (id: string) => boolean> = {
  uuid: isUuid,
  text: (id) => /^[\w-]{1,128}$/.test(id),
};

export function encodeCursor(cursor: Cursor): string {
  const bytes = new TextEncoder().encode(`${cursor.at}_${cursor.id}`);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor a token names, or null when it is not one of ours (for a list of `ids` and `key`). */
export function decodeCursor(
  token: string,
  ids: IdKind = "uuid",
  key: KeyKind = "time",
): Cursor | null {
  if (!/^[\w-]{1,200}$/.test(token)) return null;
  let text: string;
  try {
    text = atob(token.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const separator = text.indexOf("_");
  const at = text.slice(0, separator);
  const id = text.slice(separator + 1);
  if (separator < 0 || !KEYS[key].test(at) || !ID_CHECKS[ids](id)) return null;
  return { at, id };
}

/**
 * The page a URL asks for: `?before=<cursor>` (older rows) or `?after=<cursor>` (newer rows), else
 * the first. null when a cursor is given but is not one of ours (or both are given).
 */
export function pageRequestFrom(
  params: URLSearchParams,
  ids: IdKind = "uuid",
  names: CursorParams = DEFAULT_PARAMS,
): PageRequest | null {
  const before = params.get(names.before);
  const after = params.get(names.after);
  if (before === null && after === null) return { direction: "first" };
  if (before !== null && after !== null) return null;
  const cursor = decodeCursor((before ?? after) as string, ids);
  if (!cursor) return null;
  return { direction: before !== null ? "older" : "newer", cursor };
}

/** The query parameters a list's cursors travel in (two lists on one page need their own). */
export type CursorParams = { before: string; after: string };
const DEFAULT_PARAMS: CursorParams = { before: "before", after: "after" };

/** The query string of a page beside this one, keeping the list's other parameters (a search). */
export function pageHref(
  path: string,
  params: URLSearchParams,
  page: { before: string } | { after: string },
  names: CursorParams = DEFAULT_PARAMS,
): string {
  const next = new URLSearchParams(params);
  next.delete(names.before);
  next.delete(names.after);
  if ("before" in page) next.set(names.before, page.before);
  else next.set(names.after, page.after);
  return `${path}?${next.toString()}`;
}
