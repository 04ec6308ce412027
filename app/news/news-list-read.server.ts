import type { Database } from "~/db/database.server";
import { isListed } from "~/games";
import { getGameBySlug } from "~/games/index.server";
import type { Page, PageRequest } from "~/platform/paging/cursor";
import { listNewsPage } from "./news.server";
import type { NewsFilter } from "./news-about";
import type { NewsGame, NewsSummary } from "./news-schema";

/**
 * One page of /news with its filters (docs/product.md#news-list), and the game its filter names as
 * guests know it: a listed game only (the list never shows another game's posts, and a hidden
 * game's name is not given away), else null and no post.
 */
export async function readNewsList(
  db: Database,
  options: { page: PageRequest; search: string; filter: NewsFilter },
): Promise<Page<NewsSummary> & { game: NewsGame | null }> {
  const { filter } = options;
  if (!filter.game) return { ...(await listNewsPage(db, options)), game: null };
  const found = await getGameBySlug(db, filter.game);
  if (!found || !isListed(found)) return { items: [], newer: null, older: null, game: null };
  const game = { id: found.id, slug: found.slug, title: found.title };
  const page = await listNewsPage(db, { ...options, filter: { ...filter, game: game.id } });
  return { ...page, game };
}
