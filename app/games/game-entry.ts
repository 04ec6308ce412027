import { z } from "~/platform/forms/zod";
import { GAME_STATUSES } from "./game-status";
import { GAME_VISIBILITIES } from "./game-visibility";
import { storeLinksText } from "./store-links";

// A game as it is read: what the pages and the API get, and what the admin form starts from.

/** A game as the pages and the API get it: image_url is its imageUrl (docs/product.md#data). */
export const GameEntrySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  status: z.enum(GAME_STATUSES),
  url: z.string(),
  displayOrder: z.number().int(),
  /** The game page's address: /games/<slug>. */
  slug: z.string(),
  /** The game page's text, in Markdown; empty: the page shows the description. */
  about: z.string(),
  /** Screenshots: uploaded images (their ids) with alt text. */
  gallery: z.array(z.object({ image: z.uuid(), alt: z.string() })),
  /** A YouTube or Vimeo video link. */
  trailerUrl: z.string().nullable(),
  platforms: z.array(z.string()),
  storeLinks: z.array(z.object({ store: z.string(), url: z.string() })),
  /** YYYY-MM-DD. */
  releaseDate: z.iso.date().nullable(),
  /** The card's uploaded picture (an image id) and its alt text; null: the Icon/Image URL. */
  cardImage: z.uuid().nullable(),
  cardImageAlt: z.string().nullable(),
  /** The game page's uploaded key art and its alt text; null: the card's picture. */
  keyArt: z.uuid().nullable(),
  keyArtAlt: z.string().nullable(),
  /** Who sees it now: public, scheduled (public from announceAt), unlisted or draft. */
  visibility: z.enum(GAME_VISIBILITIES),
  /** When a scheduled game goes public (ISO); null: no announce time. */
  announceAt: z.iso.datetime().nullable(),
});
export type GameEntry = z.infer<typeof GameEntrySchema>;

/**
 * A game as the admin form starts editing it: the page's lists written as the fields take them,
 * the announce time as the form's field shows it (`zonedInput`: the studio's wall clock).
 */
export function gameFormValues(game: GameEntry, zonedInput: (iso: string) => string) {
  return {
    title: game.title,
    description: game.description,
    imageUrl: game.imageUrl,
    status: game.status,
    url: game.url,
    slug: game.slug,
    about: game.about,
    trailerUrl: game.trailerUrl ?? "",
    platforms: game.platforms.join(", "),
    storeLinks: storeLinksText(game.storeLinks),
    releaseDate: game.releaseDate ?? "",
    gallery: JSON.stringify(game.gallery),
    cardImage: game.cardImage ?? "",
    cardImageAlt: game.cardImageAlt ?? "",
    keyArt: game.keyArt ?? "",
    keyArtAlt: game.keyArtAlt ?? "",
    visibility: game.visibility,
    announceAt:
      game.visibility === "scheduled" && game.announceAt ? zonedInput(game.announceAt) : "",
  };
}
