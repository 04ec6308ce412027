import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { games } from "~/db/schema";
import type { MediaImage } from "~/media";
import { mediaImages, renderWithMedia } from "~/media/index.server";
import { keptHtml } from "~/platform/markdown/kept-html.server";
import { markdown } from "~/platform/markdown/lazy.server";
import { SLUG_PATTERN } from "~/platform/seo/slug";
import type { FeaturedGame, GameCardEntry } from "./game-pictures";
import { cardPicture, type GamePicture, keyArtPicture, pictureIdsOf } from "./game-pictures";
import { gameRowByAddress, listGameCardRows, toEntry } from "./game-queries.server";
import type { GameEntry } from "./game-schema";
import type { GameStatus } from "./game-status";
import { isListed, isReachable } from "./game-visibility";
import { getGameBySlug } from "./games.server";
import type { Screenshot } from "./screenshots";
import { parseTrailer } from "./trailer";
import type { Trailer } from "./trailer-player";

// What the public pages read of the games with their pictures: the catalogue's cards, a game page,
// a featured game. Each resolves every picture it shows in one query of the media library.

/** The images of the uploads the games' pictures may use, by id. */
async function picturesFor(db: Database, list: readonly Parameters<typeof pictureIdsOf>[0][]) {
  const ids = list.flatMap(pictureIdsOf);
  return ids.length ? mediaImages(db, ids) : new Map<string, MediaImage>();
}

/** The listed games in display order, each with its card's picture; `limit` for Home's first few. */
export async function listGameCards(
  db: Database,
  options: { limit?: number } = {},
): Promise<GameCardEntry[]> {
  const rows = await listGameCardRows(db, options.limit);
  const images = await picturesFor(db, rows);
  return rows.map(({ imageUrl, gallery, cardImage, cardImageAlt, ...card }) => ({
    ...card,
    // The table's CHECK constraint holds it to the four statuses.
    status: card.status as GameStatus,
    card: cardPicture({ title: card.title, imageUrl, gallery, cardImage, cardImageAlt }, images),
  }));
}

/** The screenshots still in the library, in order, with their full-size picture. */
function screenshotsOf(game: GameEntry, images: ReadonlyMap<string, MediaImage>): Screenshot[] {
  // A screenshot whose image has gone from the library is left out rather than shown broken.
  return game.gallery.flatMap((item) => {
    const image = images.get(item.image);
    return image ? [{ image, alt: item.alt }] : [];
  });
}

/**
 * A featured game by id (the hero Home shows when the studio features one): its key art, and its
 * trailer's poster; null for a game that no longer exists or that guests do not find listed.
 */
export async function readFeaturedGame(db: Database, id: string): Promise<FeaturedGame | null> {
  // The settings keep the featured game by its id: nothing else names one.
  const game = isUuid(id) ? await getGameBySlug(db, id) : null;
  if (!game || !isListed(game)) return null;
  const images = await picturesFor(db, [game]);
  const [first] = screenshotsOf(game, images);
  const keyArt = keyArtPicture(game, images);
  const poster: GamePicture | null = first
    ? { source: "screenshot", image: first.image, alt: first.alt }
    : keyArt;
  const { title, description, status, url, slug, storeLinks, trailerUrl } = game;
  return {
    game: { title, description, status, url, slug, storeLinks },
    keyArt,
    poster,
    trailer: trailerUrl ? parseTrailer(trailerUrl) : null,
  };
}

/** A game page's parts: the game, its text as HTML, its screenshots and its key art. */
export type GamePage = {
  game: GameEntry;
  html: string;
  screenshots: Screenshot[];
  keyArt: GamePicture | null;
  /** Its trailer, parsed on the server (the browser loads no link parser); none: null. */
  trailer: Trailer | null;
};

/**
 * The page's text: its Markdown with images from the media library, or the card's description;
 * rendered once and kept in the row (app/platform/markdown/kept-html.server.ts).
 */
function aboutHtml(db: Database, row: GameRow, siteUrl: string): Promise<string> {
  const markdownText = row.about.trim() !== "";
  return keptHtml(
    { html: row.aboutHtml, stamp: row.aboutHtmlStamp },
    markdownText ? `markdown\n${row.about}` : `text\n${row.description}`,
    siteUrl,
    async () =>
      markdownText
        ? renderWithMedia(db, row.about, siteUrl)
        : (await markdown()).renderPlainText(row.description),
    (made) =>
      db
        .update(games)
        .set({ aboutHtml: made.html, aboutHtmlStamp: made.stamp })
        .where(eq(games.id, row.id)),
  );
}

/**
 * A game by its address (slug or id) as its pages open it: null for an unknown address, and for a
 * game guests may not open (a draft, or one announced later) unless `showHidden` says this reader
 * may (staff who manage games; a press kit's own rules).
 */
export async function readVisibleGame(
  db: Database,
  address: string,
  options: { showHidden?: () => Promise<boolean> } = {},
): Promise<GameEntry | null> {
  return (await visibleGame(db, address, options))?.game ?? null;
}

type GameRow = NonNullable<Awaited<ReturnType<typeof gameRowByAddress>>>;

/** `readVisibleGame`'s game with its row (the page's kept HTML is in it). */
async function visibleGame(
  db: Database,
  address: string,
  options: { showHidden?: () => Promise<boolean> },
): Promise<{ game: GameEntry; row: GameRow } | null> {
  // Nothing else can name a game: no query for it.
  if (!SLUG_PATTERN.test(address) && !isUuid(address)) return null;
  const row = await gameRowByAddress(db, address);
  if (!row) return null;
  const game = toEntry(row);
  if (!isReachable(game) && !(await options.showHidden?.())) return null;
  return { game, row };
}

/** A game page by its address, for whom `readVisibleGame` opens it; null otherwise. */
export async function readGamePage(
  runtime: { db: Database; env: { SITE_URL: string } },
  address: string,
  options: { showHidden?: () => Promise<boolean> } = {},
): Promise<GamePage | null> {
  return (await readGamePageAndImages(runtime, address, options))?.page ?? null;
}

/**
 * `readGamePage` with the pictures it read, by image id: a kit shows the same key art, card image
 * and screenshots, and reads only what else it has (its logos).
 */
export async function readGamePageAndImages(
  runtime: { db: Database; env: { SITE_URL: string } },
  address: string,
  options: { showHidden?: () => Promise<boolean> } = {},
): Promise<{ page: GamePage; images: Map<string, MediaImage> } | null> {
  const { db, env } = runtime;
  const found = await visibleGame(db, address, options);
  if (!found) return null;
  const { game, row } = found;
  const [html, images] = await Promise.all([
    aboutHtml(db, row, env.SITE_URL),
    picturesFor(db, [game]),
  ]);
  const page = {
    game,
    html,
    screenshots: screenshotsOf(game, images),
    keyArt: keyArtPicture(game, images),
    trailer: game.trailerUrl ? parseTrailer(game.trailerUrl) : null,
  };
  return { page, images };
}

/**
 * The pictures a game form shows of saved games (screenshots, card image, key art) by image id.
 */
export async function gameImagesOf(
  db: Database,
  list: readonly GameEntry[],
): Promise<Record<string, MediaImage>> {
  return Object.fromEntries(await picturesFor(db, list));
}
