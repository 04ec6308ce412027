import type { Database } from "~/db/database.server";
import type { news } from "~/db/schema";
import { clockNow } from "~/platform/clock/clock.server";
import { isNewsKind, type NewsKind } from "./news-about";
import { gamesOfNews } from "./news-about.server";
import type { NewsEntry, NewsGame, NewsState } from "./news-schema";

// A news row as the feature hands it out (its reads and its writes alike), and as the public
// sees it.

/** Where an item stands at `now`: a draft has no publication time. */
export function stateAt(publishedAt: Date | null, now = clockNow().getTime()): NewsState {
  if (!publishedAt) return "draft";
  return publishedAt.getTime() > now ? "scheduled" : "published";
}

type NewsRow = typeof news.$inferSelect;

/** A row as the feature hands it out (the writes answer with it too), with the games it is about. */
export function toEntry(row: NewsRow, about: NewsGame[] = []): NewsEntry {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    // The item's date: when it went (or goes) public; a draft's, when it was written.
    date: (row.publishedAt ?? row.createdAt).toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    slug: row.slug,
    excerpt: row.excerpt,
    format: row.format === "text" ? "text" : "markdown",
    state: stateAt(row.publishedAt),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    coverImage: row.coverImage,
    coverAlt: row.coverAlt,
    games: about,
    kind: kindOf(row.kind),
    version: row.version,
    tags: row.tags,
    mailLists: row.mailLists,
  };
}

// The table's CHECK constraint holds it to the kinds.
export const kindOf = (kind: string): NewsKind => (isNewsKind(kind) ? kind : "news");

/** Rows as entries, their games read in one query. */
export async function toEntries(db: Database, rows: NewsRow[]): Promise<NewsEntry[]> {
  const about = await gamesOfNews(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toEntry(row, about.get(row.id)));
}

/** An entry as the public sees it: which lists it is mailed to is the staff's business. */
export function publicEntry(entry: NewsEntry): NewsEntry {
  const { mailLists: _lists, ...shown } = entry;
  return shown;
}
