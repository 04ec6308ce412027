import type { Database } from "~/db/database.server";
import type { GameEntry } from "~/games";
import {
  type GamePage,
  listGameCards,
  listGames,
  readGamePageAndImages,
} from "~/games/index.server";
import { type MediaImage, mediaImages } from "~/media/index.server";
import type { Storage } from "~/platform/storage/storage.server";
import type { SiteSettings } from "~/settings";
import { readSettings } from "~/settings/index.server";
import { type KitTrailer, kitTrailers } from "./kit-trailers";
import { hiddenKitGames, type Kit, readKit } from "./press.server";
import type { KitFile } from "./press-files.server";

// What the press pages read, per request: the game page's parts (nothing typed twice), the kit's
// own fields, the studio's settings, and the kit's files for its galleries and downloads.

type Runtime = { db: Database; storage: Storage; env: { SITE_URL: string } };

export type KitLogo = { name: string; image: MediaImage; alt: string };

const numbered = (prefix: string, index: number) =>
  `${prefix}-${String(index + 1).padStart(2, "0")}`;

/** The studio's logo (the settings' upload, "" for none) and name, for a kit without logos. */
export type StudioLogo = { logo: string; name: string };

/**
 * A game kit's files: key art, card image and screenshots (images.zip), then its logos; a kit
 * without logos of its own offers the studio's logo in logos.zip (none either: no logos.zip).
 */
export function gameKitFiles(game: GameEntry, kit: Kit, studio?: StudioLogo): KitFile[] {
  const logos =
    kit.data.logos.length === 0 && studio?.logo
      ? [{ name: "studio-logo", image: studio.logo, alt: `${studio.name} logo` }]
      : kit.data.logos.map((logo, i) => ({
          name: numbered("logo", i),
          image: logo.image,
          alt: logo.alt,
        }));
  return [
    ...(game.keyArt
      ? [{ name: "key-art", image: game.keyArt, zip: "images" as const, alt: game.keyArtAlt ?? "" }]
      : []),
    ...(game.cardImage
      ? [
          {
            name: "card",
            image: game.cardImage,
            zip: "images" as const,
            alt: game.cardImageAlt ?? "",
          },
        ]
      : []),
    ...game.gallery.map((shot, i) => ({
      name: numbered("screenshot", i),
      image: shot.image,
      zip: "images" as const,
      alt: shot.alt,
    })),
    ...logos.map((logo) => ({ ...logo, zip: "logos" as const })),
  ];
}

/** A game kit's files as `gameKitFiles` makes them, with the studio's logo read from the settings. */
export async function readGameKitFiles(db: Database, game: GameEntry, kit: Kit) {
  const settings = await readSettings(db);
  return gameKitFiles(game, kit, { logo: settings.logo, name: settings.name });
}

/** The studio kit's files: each game's key art (images.zip), the site's logo and the kit's logos. */
export function studioKitFiles(
  games: readonly Pick<GameEntry, "slug" | "keyArt" | "keyArtAlt">[],
  logo: string,
  name: string,
  kit: Kit,
): KitFile[] {
  return [
    ...games.flatMap((game) =>
      game.keyArt
        ? [
            {
              name: `${game.slug}-key-art`,
              image: game.keyArt,
              zip: "images" as const,
              alt: game.keyArtAlt ?? "",
            },
          ]
        : [],
    ),
    ...(logo
      ? [{ name: "studio-logo", image: logo, zip: "logos" as const, alt: `${name} logo` }]
      : []),
    ...kit.data.logos.map((item, i) => ({
      name: numbered("logo", i),
      image: item.image,
      zip: "logos" as const,
      alt: item.alt,
    })),
  ];
}

/** The kit's files with their pictures, split by zip; files whose upload is gone are left out. */
async function picturesOf(
  db: Database,
  files: readonly KitFile[],
  read: ReadonlyMap<string, MediaImage> = new Map(),
) {
  const missing = files.map((file) => file.image).filter((id) => !read.has(id));
  const images = new Map([...read, ...(missing.length ? await mediaImages(db, missing) : [])]);
  const of = (zip: KitFile["zip"]): KitLogo[] =>
    files.flatMap((file) => {
      const image = file.zip === zip ? images.get(file.image) : undefined;
      return image ? [{ name: file.name, image, alt: file.alt }] : [];
    });
  return { pictures: of("images"), logos: of("logos") };
}

/** A kit shows its trailers (`trailers`), the game page's among them. */
export type GameKitPage = Omit<GamePage, "trailer"> & {
  kit: Kit;
  files: KitFile[];
  pictures: KitLogo[];
  logos: KitLogo[];
  studio: { name: string; pressEmail: string; location: string };
  trailers: KitTrailer[];
};

/**
 * A game's press kit by the game's slug; null for an unknown game. A hidden game's kit is read too:
 * whether the reader may open it is the kit's rule (`requireOpenKit`: staff and signed links).
 * `settings` are the page's (read once for the root and the route); the pictures the game page
 * read are not read again.
 */
export async function readGameKitPage(
  runtime: Runtime,
  slug: string,
  settings: SiteSettings,
): Promise<GameKitPage | null> {
  const read = await readGamePageAndImages(runtime, slug, { showHidden: async () => true });
  if (!read || read.page.game.slug !== slug) return null;
  const { page: gamePage, images } = read;
  const { trailer: _shownAmongTrailers, ...page } = gamePage;
  const kit = await readKit(runtime.db, page.game.id, page.game);
  const files = gameKitFiles(page.game, kit, { logo: settings.logo, name: settings.name });
  return {
    ...page,
    kit,
    files,
    trailers: kitTrailers(page.game, kit.data),
    ...(await picturesOf(runtime.db, files, images)),
    studio: {
      name: settings.name,
      pressEmail: settings.emailPress || settings.emailGeneral,
      location: settings.location,
    },
  };
}

/**
 * The games the studio's kit shows and packs: the listed ones whose own kit guests may open (a
 * secret game's key art is in no images.zip).
 */
export async function studioKitGames(db: Database, now: Date): Promise<GameEntry[]> {
  const [games, hidden] = await Promise.all([listGames(db), hiddenKitGames(db, now)]);
  return games.filter((game) => !hidden.has(game.id));
}

/**
 * The studio's kit page: its games and logos, with the kit and the settings' words the page has
 * read (`requireOpenKit`'s kit, the page's settings).
 */
export async function readStudioKitPage(
  runtime: Runtime,
  now: Date,
  read: { kit: Kit; settings: SiteSettings },
) {
  const { kit, settings } = read;
  const [cards, games] = await Promise.all([
    listGameCards(runtime.db),
    studioKitGames(runtime.db, now),
  ]);
  const shown = new Set(games.map((game) => game.id));
  const files = studioKitFiles(games, settings.logo, settings.name, kit);
  return {
    kit,
    files,
    ...(await picturesOf(runtime.db, files)),
    // A game whose kit is not public yet is not named here.
    games: cards.filter((card) => shown.has(card.id)),
    studio: {
      name: settings.name,
      description: settings.description,
      location: settings.location,
      emailPress: settings.emailPress,
      emailGeneral: settings.emailGeneral,
    },
  };
}
