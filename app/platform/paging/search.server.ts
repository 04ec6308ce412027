import { type SQL, sql } from "drizzle-orm";
import { SEARCH_MAX_LENGTH } from "./search";

// Staff searches (the inbox, the users list) find rows by the starts of their words: 'lant' finds
// 'lantern', 'ada@stud' finds 'ada@studio.example'. Full-text search with the 'simple' configuration
// (no stemming, any language) over a document the table indexes with GIN, so it works on PGlite and
// on any PostgreSQL server without an extension.

/**
 * A search as a tsquery of word prefixes, all required ("ada lantern" → 'ada':* & 'lantern':*), or
 * null when it holds no word. Only letters, digits and joiners inside a word (_ + -) reach it.
 */
export function prefixQuery(search: string | undefined): string | null {
  const words = (search ?? "")
    .slice(0, SEARCH_MAX_LENGTH)
    .toLowerCase()
    // An address is searched by its parts, as the documents index it (translate(email, '@.', '  ')).
    .match(/[\p{L}\p{N}]+(?:[_+-][\p{L}\p{N}]+)*/gu);
  if (!words?.length) return null;
  return words.map((word) => `'${word}':*`).join(" & ");
}

/** The condition "the document matches every word of the search", or none for an empty search. */
export function matchesPrefixes(document: SQL, search: string | undefined): SQL | undefined {
  const query = prefixQuery(search);
  return query ? sql`${document} @@ to_tsquery('simple', ${query})` : undefined;
}
