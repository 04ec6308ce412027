import type { MediaImage } from "~/media";
import type { GameEntry } from "./game-schema";
import type { Trailer } from "./trailer-player";

// A game's two pictures (docs/product.md#games): the card image the catalogue shows and the key art
// of its page and of a featured game. Universal: the server resolves them with the images of the
// media library, the components only draw what they are given.

/** A picture as a page shows it: an uploaded image at its stored widths, or a typed link. */
export type GamePicture =
  | { source: "upload" | "screenshot"; image: MediaImage; alt: string }
  | { source: "url"; src: string; alt: string };

/**
 * A catalogue card's game: what the card shows and the picture it shows (null: the placeholder).
 * Only that: a page of cards carries no page text or screenshot list.
 */
export type GameCardEntry = Pick<
  GameEntry,
  "id" | "title" | "description" | "status" | "url" | "slug"
> & { card: GamePicture | null };

/** What the featured hero shows of its game: no page text, screenshot list or admin fields. */
export type FeaturedGameEntry = Pick<
  GameEntry,
  "title" | "description" | "status" | "url" | "slug" | "storeLinks"
>;

/** A game as the featured hero shows it: its key art and its trailer's poster. */
export type FeaturedGame = {
  game: FeaturedGameEntry;
  keyArt: GamePicture | null;
  /** The first screenshot, else the key art. */
  poster: GamePicture | null;
  /** Its trailer, parsed on the server (the browser loads no link parser); none: null. */
  trailer: Trailer | null;
};

/** What a card's picture is chosen from. */
type CardPictured = Pick<
  GameEntry,
  "title" | "imageUrl" | "gallery" | "cardImage" | "cardImageAlt"
>;
type Pictured = CardPictured & Pick<GameEntry, "keyArt" | "keyArtAlt">;

/** The uploads a game's pictures may use, for one query of the media library. */
export function pictureIdsOf(
  game: Pick<GameEntry, "gallery" | "cardImage"> & { keyArt?: string | null },
): string[] {
  return [game.cardImage, game.keyArt, ...game.gallery.map((shot) => shot.image)].filter(
    (id): id is string => Boolean(id),
  );
}

type Images = ReadonlyMap<string, MediaImage>;

function upload(id: string | null, alt: string | null, images: Images): GamePicture | null {
  const image = id ? images.get(id) : undefined;
  return image ? { source: "upload", image, alt: alt ?? "" } : null;
}

/** The first screenshot still in the library: the one a game page shows first. */
function firstScreenshot(game: Pick<GameEntry, "gallery">, images: Images): GamePicture | null {
  for (const shot of game.gallery) {
    const image = images.get(shot.image);
    if (image) return { source: "screenshot", image, alt: shot.alt };
  }
  return null;
}

/**
 * The card's picture: the uploaded card image, else the Icon/Image URL (described by the title),
 * else the first screenshot, else none (the card's placeholder). An upload gone from the library
 * counts as none.
 */
export function cardPicture(game: CardPictured, images: Images): GamePicture | null {
  return (
    upload(game.cardImage, game.cardImageAlt, images) ??
    (game.imageUrl.trim() ? { source: "url", src: game.imageUrl, alt: game.title } : null) ??
    firstScreenshot(game, images)
  );
}

/** The key art: the uploaded key art, else whatever the card shows. */
export function keyArtPicture(game: Pictured, images: Images): GamePicture | null {
  return upload(game.keyArt, game.keyArtAlt, images) ?? cardPicture(game, images);
}

/**
 * What a game's page and its press kit show of the game: its page text arrives rendered beside it
 * and its pictures resolved, so not the Markdown source, the gallery's ids or the editor's fields;
 * `hasAbout` says whether the text is the game's own (else it is the description).
 */
export type ShownGame = Omit<
  GameEntry,
  "about" | "gallery" | "displayOrder" | "cardImage" | "cardImageAlt" | "keyArt" | "keyArtAlt"
> & { hasAbout: boolean };

export function shownGame(game: GameEntry): ShownGame {
  const { about, gallery, displayOrder, cardImage, cardImageAlt, keyArt, keyArtAlt, ...shown } =
    game;
  return { ...shown, hasAbout: about.trim() !== "" };
}
