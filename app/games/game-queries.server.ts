import { and, asc, eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games } from "~/db/schema";
import { clockNow, SQL_NOW } from "~/platform/clock/clock.server";
import type { PageRequest } from "~/platform/paging/cursor";
import { tablePage } from "~/platform/paging/keyset.server";
import type { SitemapUrl } from "~/platform/seo/sitemap";
import { SLUG_PATTERN } from "~/platform/seo/slug";
import type { GameEntry } from "./game-schema";
import type { GameStatus } from "./game-status";
import { visibilityAt } from "./game-visibility";

// The games' reads: every game for the staff's screens, and for guests only what their visibility
// lets them see (docs/product.md#game-visibility). The writes are in games.server.ts.

// Every column but the page's kept HTML, which only the game page reads (game-reads.server.ts).
const { aboutHtml: _html, aboutHtmlStamp: _stamp, ...GAME_COLUMNS } = getTableColumns(games);

export function toEntry(
  row: Omit<typeof games.$inferSelect, "aboutHtml" | "aboutHtmlStamp">,
): GameEntry {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    // The table's CHECK constraint holds it to the four statuses.
    status: row.status as GameStatus,
    url: row.url,
    displayOrder: row.displayOrder,
    slug: row.slug,
    about: row.about,
    gallery: row.gallery,
    trailerUrl: row.trailerUrl,
    platforms: row.platforms,
    storeLinks: row.storeLinks,
    releaseDate: row.releaseDate,
    cardImage: row.cardImage,
    cardImageAlt: row.cardImageAlt,
    keyArt: row.keyArt,
    keyArtAlt: row.keyArtAlt,
    visibility: visibilityAt(row, clockNow().getTime()),
    announceAt: row.announceAt?.toISOString() ?? null,
  };
}

// Who sees a game (app/games/game-visibility.ts), as the database reads it at the clock's time:
// listed games are the public ones whose announce time (if any) has come; a guest may open the
// page of a listed or an unlisted game.
export const GAME_LISTED: SQL = sql`(${games.visibility} = 'public' and (${games.announceAt} is null or ${games.announceAt} <= ${SQL_NOW}))`;
const LISTED = GAME_LISTED;
export const GAME_REACHABLE: SQL = sql`(${GAME_LISTED} or ${games.visibility} = 'unlisted')`;
const REACHABLE = GAME_REACHABLE;
const CATALOGUE_ORDER = [asc(games.displayOrder), asc(games.createdAt)];

/** The games guests see listed, in display order: the catalogue, Home, the press pages. */
export async function listGames(db: Database): Promise<GameEntry[]> {
  const rows = await db
    .select(GAME_COLUMNS)
    .from(games)
    .where(LISTED)
    .orderBy(...CATALOGUE_ORDER);
  return rows.map(toEntry);
}

/**
 * The listed games as cards, in display order, `limit` at most (Home's first few): only what a card
 * shows and what its picture is chosen from, not the page text, links or editor fields.
 */
export function listGameCardRows(db: Database, limit?: number) {
  const query = db
    .select({
      id: games.id,
      title: games.title,
      description: games.description,
      status: games.status,
      url: games.url,
      slug: games.slug,
      imageUrl: games.imageUrl,
      gallery: games.gallery,
      cardImage: games.cardImage,
      cardImageAlt: games.cardImageAlt,
    })
    .from(games)
    .where(LISTED)
    .orderBy(...CATALOGUE_ORDER);
  return limit === undefined ? query : query.limit(limit);
}

/** How many games there are, hidden ones too (the owner's first-run checklist). */
export async function countGames(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(games);
  return row?.count ?? 0;
}

/** Every game, hidden ones too, in display order: the staff's screens. */
export async function listAllGames(db: Database): Promise<GameEntry[]> {
  const rows = await db
    .select(GAME_COLUMNS)
    .from(games)
    .orderBy(...CATALOGUE_ORDER);
  return rows.map(toEntry);
}

/** One page of the listed games in display order: what the API lists. */
export function listGamesPage(db: Database, options: { page: PageRequest; size: number }) {
  const { page: request, size } = options;
  const order = { key: games.displayOrder, id: games.id, order: "asc" } as const;
  return tablePage(db, games, { ...order, request, size, where: LISTED }, toEntry);
}

/**
 * The games a reader may choose a newsletter list of, in display order: the listed ones, and those
 * of `kept` (lists the reader is already on, so they can leave them).
 */
export async function gameListChoices(
  db: Database,
  kept: readonly string[],
): Promise<{ id: string; title: string }[]> {
  const ids = kept.filter(isUuid);
  return db
    .select({ id: games.id, title: games.title })
    .from(games)
    .where(ids.length ? or(LISTED, inArray(games.id, ids)) : LISTED)
    .orderBy(...CATALOGUE_ORDER);
}

/** Of these game ids, those a guest may open now (listed or unlisted), e.g. a list to join. */
export async function reachableGameIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(REACHABLE, inArray(games.id, wanted)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Games named by id or slug (the API's and the editor's references), whatever their visibility:
 * their ids in the order given, and the references that name no game.
 */
export async function resolveGameRefs(
  db: Database,
  refs: readonly string[],
): Promise<{ ids: string[]; unknown: string[] }> {
  if (refs.length === 0) return { ids: [], unknown: [] };
  const uuids = refs.filter(isUuid).map((ref) => ref.toLowerCase());
  const slugs = refs.filter((ref) => !isUuid(ref) && SLUG_PATTERN.test(ref));
  const rows = await db
    .select({ id: games.id, slug: games.slug })
    .from(games)
    .where(
      or(
        uuids.length ? inArray(games.id, uuids) : undefined,
        slugs.length ? inArray(games.slug, slugs) : undefined,
      ) ?? sql`false`,
    );
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const ref of refs) {
    const row = rows.find((r) => r.id === ref.toLowerCase() || r.slug === ref);
    if (!row) unknown.push(ref);
    else if (!ids.includes(row.id)) ids.push(row.id);
  }
  return { ids, unknown };
}

/**
 * A game page's game by its address: its slug, or its id (an old `/games/<id>` link, which the
 * page redirects to the slug). Null for anything else, without a query for what cannot be either.
 */
export async function getGameBySlug(db: Database, address: string): Promise<GameEntry | null> {
  const row = await gameRowByAddress(db, address);
  return row ? toEntry(row) : null;
}

/** The same game's whole row, its page's kept HTML included (the game page's one query). */
export async function gameRowByAddress(db: Database, address: string) {
  const bySlug = SLUG_PATTERN.test(address) ? eq(games.slug, address) : undefined;
  const byId = isUuid(address) ? eq(games.id, address.toLowerCase()) : undefined;
  if (!bySlug && !byId) return null;
  // An id is also a well-formed slug: both in one statement, and a game with that slug first.
  const rows = await db
    .select()
    .from(games)
    .where(bySlug && byId ? or(bySlug, byId) : (bySlug ?? byId));
  return rows.find((row) => row.slug === address) ?? rows[0] ?? null;
}

/** Every listed game page's address for the sitemap, in the catalogue's order. */
export async function gameSitemapUrls(db: Database, site: string): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ slug: games.slug, updatedAt: games.updatedAt })
    .from(games)
    .where(LISTED)
    .orderBy(asc(games.displayOrder), asc(games.id));
  return rows.map((row) => ({
    loc: `${site}/games/${row.slug}`,
    lastmod: row.updatedAt.toISOString(),
  }));
}
