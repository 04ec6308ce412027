import type { Database } from "~/db/database.server";
import { announceGameAt, listAllGames } from "~/games/index.server";
import type { MediaImage } from "~/media";
import { mediaImages } from "~/media/index.server";
import { clockNow } from "~/platform/clock/clock.server";
import { AppError } from "~/platform/errors/app-error";
import type { Storage } from "~/platform/storage/storage.server";
import { readSettings } from "~/settings/index.server";
import { downloadCounts, type KitSettings, kitIsPublic, readKit, saveKit } from "./press.server";
import { buildKitZips } from "./press-files.server";
import { gameKitFiles, studioKitFiles, studioKitGames } from "./press-reads.server";
import { signKitLink } from "./signed-link.server";

// The admin's "Press kit" tab: every kit with its state, the open one's editor values, its files'
// download counts and a signed link staff can copy. A saved kit's zips are built at once.

type Runtime = { db: Database; storage: Storage; env: { SITE_URL: string; AUTH_SECRET: string } };
type Actor = { id: string; email: string };

/** How long a copied signed link opens a kit. */
export const SIGNED_LINK_DAYS = 14;

export async function loadPressTab(runtime: Runtime, wanted: string | null, now: Date) {
  const { db } = runtime;
  const games = await listAllGames(db);
  const game = games.find((g) => g.slug === wanted) ?? null;
  const kits = await Promise.all(
    [null, ...games].map(async (g) => {
      const kit = await readKit(db, g?.id ?? null);
      return {
        key: g?.slug ?? "studio",
        title: g ? g.title : "Studio",
        path: g ? `/press/${g.slug}` : "/press",
        public: kitIsPublic(kit, now),
        listed: kit.listed,
        embargoUntil: kit.embargoUntil?.toISOString() ?? null,
      };
    }),
  );
  const kit = await readKit(db, game?.id ?? null);
  const settings = await readSettings(db);
  const files = game
    ? gameKitFiles(game, kit, settings)
    : studioKitFiles(await studioKitGames(db, now), settings.logo, settings.name, kit);
  const images = await mediaImages(
    db,
    kit.data.logos.map((logo) => logo.image),
  );
  const path = game ? `/press/${game.slug}` : "/press";
  const expires = new Date(now.getTime() + SIGNED_LINK_DAYS * 86_400_000);
  return {
    kits,
    open: {
      key: game?.slug ?? "studio",
      title: game ? game.title : "Studio",
      gameId: game?.id ?? null,
      path,
      kit: {
        listed: kit.listed,
        embargoUntil: kit.embargoUntil?.toISOString() ?? null,
        // Ticked while the game is announced at the embargo's very time.
        announceGame: Boolean(
          game?.visibility === "scheduled" &&
            kit.embargoUntil &&
            game.announceAt === kit.embargoUntil.toISOString(),
        ),
        data: kit.data,
      },
      logoImages: Object.fromEntries(images) as Record<string, MediaImage>,
      counts: await downloadCounts(db, kit.id),
      files: ["images.zip", "logos.zip", "data.xml", ...files.map((file) => file.name)],
      signedLink: kit.id
        ? `${runtime.env.SITE_URL}${path}?${signKitLink(runtime.env.AUTH_SECRET, { id: kit.id, linkVersion: kit.linkVersion }, expires)}`
        : null,
      signedUntil: expires.toISOString(),
    },
  };
}

export const ANNOUNCE_NEEDS_EMBARGO = "Set an embargo to announce the game when it lifts.";
export const ANNOUNCE_NEEDS_GAMES =
  "Only staff who manage games (developers and owners) can choose when a game is announced.";

/**
 * Saves a kit from the editor and builds its zips. `announceGame` (a game's kit, by staff who may
 * manage games) also makes the game public when the embargo lifts.
 */
export async function savePressKit(
  runtime: { db: Database; storage: Storage },
  input: KitSettings & { gameId: string | null; announceGame?: boolean },
  actor: Actor,
  options: { mayAnnounce: boolean },
) {
  const { db } = runtime;
  const games = await listAllGames(db);
  const game = input.gameId ? games.find((g) => g.id === input.gameId) : null;
  if (input.gameId && !game) {
    throw new AppError("not_found", "This game no longer exists.");
  }
  if (game && input.announceGame) {
    if (!options.mayAnnounce) throw new AppError("forbidden", ANNOUNCE_NEEDS_GAMES);
    if (!input.embargoUntil)
      throw new AppError("invalid", ANNOUNCE_NEEDS_EMBARGO, { field: "announceGame" });
  }
  const kit = await saveKit(db, game?.id ?? null, input, actor);
  if (game && input.announceGame && input.embargoUntil)
    await announceGameAt(db, game.id, input.embargoUntil, actor);
  const settings = await readSettings(db);
  const files = game
    ? gameKitFiles(game, kit, settings)
    : studioKitFiles(await studioKitGames(db, clockNow()), settings.logo, settings.name, kit);
  if (kit.id) await buildKitZips(runtime, kit.id, files);
  return kit;
}
