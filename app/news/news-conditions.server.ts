import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { news, newsGames } from "~/db/schema";
import { resolveGameRefs } from "~/games/index.server";
import { SQL_NOW } from "~/platform/clock/clock.server";
import { whereAll } from "~/platform/paging/keyset.server";
import { searchText } from "~/platform/paging/search";
import type { NewsFilter } from "./news-about";
import { PUBLISHED } from "./news-rows.server";
import type { NewsState } from "./news-schema";

// The lists' conditions: the readers' filters and search, the staff's state filter.

/**
 * A list's filters as conditions: a kind, a game (its id, resolved from the id or slug asked for;
 * null when no game has it: the list is empty), a tag.
 */
export async function filtering(
  db: Database,
  filter: NewsFilter = {},
): Promise<SQL | undefined | null> {
  let gameId: string | undefined;
  if (filter.game) {
    const { ids } = await resolveGameRefs(db, [filter.game]);
    if (!ids[0]) return null;
    gameId = ids[0];
  }
  return whereAll(
    filter.kind ? eq(news.kind, filter.kind) : undefined,
    gameId
      ? sql`exists (select 1 from ${newsGames} where ${newsGames.newsId} = ${news.id} and ${newsGames.gameId} = ${gameId})`
      : undefined,
    filter.tag ? sql`${news.tags} @> array[${filter.tag}]::text[]` : undefined,
  );
}

/** The admin list's state filter as a condition. */
export function inState(state: NewsState | undefined): SQL | undefined {
  if (state === "draft") return sql`${news.publishedAt} is null`;
  if (state === "scheduled") return sql`${news.publishedAt} > ${SQL_NOW}`;
  if (state === "published") return PUBLISHED;
  return undefined;
}

/** The text news search runs on (its GIN index is on this same expression, in the schema). */
export const NEWS_SEARCH_DOCUMENT = sql`to_tsvector('english', ${news.title} || ' ' || ${news.content})`;

/** A reader's search as a full-text condition (words, "quoted phrases", -excluded), or none. */
export function matching(search: string | undefined): SQL | undefined {
  const words = searchText(search);
  if (!words) return undefined;
  return sql`${NEWS_SEARCH_DOCUMENT} @@ websearch_to_tsquery('english', ${words})`;
}
