import fs from "node:fs";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { games, news, newsGames } from "~/db/schema";
import { storeMedia } from "~/media/index.server";
import type { Storage } from "~/platform/storage/storage.server";

// The demo's pictures (`npm run demo`, `studio db seed --demo`): each demo game's artwork (the SVGs
// under public/images/games) uploaded through the image pipeline as its card image and key art, and
// used as the cover of the news items about the game, so the demo shows what a studio's site
// looks like with its own pictures. The first game also gets ten screenshots, views of its artwork
// (a press kit with a full gallery, measured by Lighthouse). Only pictures not set yet are added:
// running it twice changes nothing. The browser tests' demo has none (they seed without storage).

// The artwork's folder: public/ beside the sources (app/runtime/), or the build's copy of it
// (build/client/, beside build/server/assets/ where this module runs when built).
const ARTWORK = [
  new URL("../../public/images/games/", import.meta.url),
  new URL("../../client/images/games/", import.meta.url),
].find((folder) => fs.existsSync(folder));
const KEY_ART_WIDTH = 1600;
/** The demo's screenshots: small (two stored widths each) so the seed stays quick. */
const SCREENSHOTS = 10;
const SCREENSHOT = { width: 960, height: 540 };
const SCREENSHOT_NAMES = [
  "the lamplighter's first street",
  "moths around a lantern",
  "the paper bridge at dusk",
  "the Night Market's stalls",
  "a light-and-shadow puzzle",
  "the old keepers' tower",
  "the folded river",
  "a moth-silk merchant",
  "the city going dark",
  "every lamp lit",
];

/** A demo game's artwork as a PNG the pipeline takes, or null when the file is not there. */
async function artwork(imageUrl: string, width = KEY_ART_WIDTH): Promise<Buffer | null> {
  const name = /^\/images\/games\/([a-z0-9-]+\.svg)$/.exec(imageUrl)?.[1];
  if (!name || !ARTWORK) return null;
  const file = new URL(name, ARTWORK);
  if (!fs.existsSync(file)) return null;
  const { default: sharp } = await import("sharp");
  return sharp(fs.readFileSync(file), { density: 300 }).resize(width).png().toBuffer();
}

/**
 * Ten "screenshots" of a game from its artwork: each a different window of it, enlarged, in a
 * different hue, so the gallery does not show one picture ten times.
 */
async function screenshots(imageUrl: string): Promise<Buffer[]> {
  const large = await artwork(imageUrl, SCREENSHOT.width * 2);
  if (!large) return [];
  const { default: sharp } = await import("sharp");
  const { width = 0, height = 0 } = await sharp(large).metadata();
  const window = { width: Math.round(width * 0.6), height: Math.round(height * 0.6) };
  return Promise.all(
    Array.from({ length: SCREENSHOTS }, (_, i) =>
      sharp(large)
        .extract({
          left: Math.round(((width - window.width) * i) / (SCREENSHOTS - 1)),
          top: Math.round(((height - window.height) * (i % 3)) / 2),
          ...window,
        })
        .resize(SCREENSHOT.width, SCREENSHOT.height)
        .modulate({ hue: i * 24 })
        .png()
        .toBuffer(),
    ),
  );
}

/** The first demo game's gallery, when it has none yet. */
async function seedScreenshots(db: Database, storage: Storage, title: string): Promise<number> {
  const [game] = await db
    .select({ id: games.id, imageUrl: games.imageUrl, gallery: games.gallery })
    .from(games)
    .where(eq(games.title, title));
  if (!game || game.gallery.length > 0) return 0;
  const gallery: { image: string; alt: string }[] = [];
  for (const [i, png] of (await screenshots(game.imageUrl)).entries()) {
    const picture = await storeMedia({ db, storage }, png, null);
    gallery.push({ image: picture.id, alt: `${title}: ${SCREENSHOT_NAMES[i]}` });
  }
  if (gallery.length > 0) await db.update(games).set({ gallery }).where(eq(games.id, game.id));
  return gallery.length;
}

/** Adds the demo games' missing pictures (`galleryOf`: the game given ten screenshots). */
export async function seedDemoPictures(
  db: Database,
  storage: Storage,
  galleryOf: string,
): Promise<number> {
  const bare = await db
    .select({ id: games.id, title: games.title, imageUrl: games.imageUrl })
    .from(games)
    .where(and(isNull(games.cardImage), isNull(games.keyArt)));
  let added = 0;
  for (const game of bare) {
    const png = await artwork(game.imageUrl);
    if (!png) continue;
    const picture = await storeMedia({ db, storage }, png, null);
    const alt = `${game.title} key art`;
    await db
      .update(games)
      .set({ cardImage: picture.id, cardImageAlt: alt, keyArt: picture.id, keyArtAlt: alt })
      .where(eq(games.id, game.id));
    // The news about the game gets its picture as a cover.
    await db
      .update(news)
      .set({ coverImage: picture.id, coverAlt: alt })
      .where(
        and(
          isNull(news.coverImage),
          inArray(
            news.id,
            db
              .select({ id: newsGames.newsId })
              .from(newsGames)
              .where(eq(newsGames.gameId, game.id)),
          ),
        ),
      );
    added++;
  }
  return added + (await seedScreenshots(db, storage, galleryOf));
}
