import type { Database } from "~/db/database.server";
import { type GameEntry, type GameInput, GameSchema, hasCardPicture, parseTrailer } from "~/games";
import { createGame, getGameBySlug, type NewGame, updateGame } from "~/games/index.server";
import { discardMedia, storeMedia } from "~/media/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError, isAppError } from "~/platform/errors/app-error";
import type { Storage } from "~/platform/storage/storage.server";
import type { KitData } from "./kit-schema";
import { type Kit, readKit, saveKit } from "./press.server";
import { buildKitZips } from "./press-files.server";
import { readGameKitFiles } from "./press-reads.server";
import type { PresskitImported } from "./presskit-import-schema";
import { checkPictures, importKitOnly, logoEntries, roleOf } from "./presskit-pictures.server";
import { type PresskitSource, readPresskitZip } from "./presskit-source.server";
import { buildPresskitXml, parsePresskitXml } from "./presskit-xml.server";

// presskit() in and out: a game folder (data.xml + images/) becomes a game and its kit; a kit is
// written back as a data.xml of the same shape. An import checks everything first (the XML, every
// image, the game's fields) and writes only when all of it passes: a refusal changes nothing, and
// so does a write that fails part way (one transaction; its stored pictures are removed again).

type Runtime = { db: Database; storage: Storage };
type Actor = { id: string; email: string } | null;

const YOUTUBE = (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
const VIMEO = (id: string) => `https://vimeo.com/${encodeURIComponent(id)}`;

/** Who may not change games imports into an existing game's kit only (docs/product.md#press-kit). */
export const IMPORT_NEW_GAME_REFUSED =
  "Importing into a new game needs the developer role: choose the game whose press kit this is.";

/**
 * Imports a presskit() folder into a new game (or the one `gameSlug` names) and its kit. Without
 * `gameFields` (an actor who may manage press but not games), only the kit's own fields and logos
 * are imported, into an existing game: its title, links, dates, pictures and trailer stay.
 */
export async function importPresskit(
  runtime: Runtime,
  source: PresskitSource,
  options: { gameSlug?: string; actor: Actor; gameFields?: boolean },
): Promise<{ game: GameEntry; kit: Kit; created: boolean; gameKept: boolean }> {
  const { db } = runtime;
  const gameFields = options.gameFields ?? true;
  if (!gameFields && !options.gameSlug) {
    throw new AppError("forbidden", IMPORT_NEW_GAME_REFUSED, { field: "game" });
  }
  const parsed = parsePresskitXml(source.xml);
  const existing = options.gameSlug ? await getGameBySlug(db, options.gameSlug) : null;
  if (options.gameSlug && (!existing || existing.slug !== options.gameSlug)) {
    throw new AppError(
      "not_found",
      `No game has the address ${options.gameSlug}; nothing was imported.`,
    );
  }
  if (!gameFields && existing)
    return importKitOnly(runtime, source, parsed, existing, options.actor);
  const images = [...source.images].sort((a, b) => a.name.localeCompare(b.name));
  // A game's card needs a picture: a screenshot, else the header (which then is the card's too).
  const pictured = images.some((image) => roleOf(image.name) !== "logo");
  if (!pictured && !(existing && hasCardPicture(existing))) {
    throw new AppError(
      "unprocessable",
      "images/ has no screenshot or header picture, and a new game needs one for its card; nothing was imported.",
    );
  }
  await checkPictures(images);
  const firstTrailer = parsed.kit.trailers.find((t) => t.youtube || t.vimeo);
  const trailerUrl = firstTrailer
    ? firstTrailer.youtube
      ? YOUTUBE(firstTrailer.youtube)
      : VIMEO(firstTrailer.vimeo)
    : (existing?.trailerUrl ?? "");
  const fields = {
    title: parsed.game.title,
    description: parsed.game.description || parsed.game.title,
    imageUrl: existing?.imageUrl ?? "",
    status: existing?.status ?? (parsed.game.releaseDate ? "Released" : "Coming Soon"),
    url: parsed.game.website,
    ...(existing ? {} : { slug: "" }),
    trailerUrl: trailerUrl ?? "",
    platforms: parsed.game.platforms,
    storeLinks: parsed.game.storeLinks,
    releaseDate: parsed.game.releaseDate ?? "",
  };
  // The game's own rules, before anything is stored (pictures are checked above).
  const checked = GameSchema.safeParse(fields);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new AppError(
      "unprocessable",
      `data.xml was refused: ${issue?.message ?? "a field is not valid"}.`,
    );
  }

  // The pictures are stored first (encoding is slow, and no transaction should wait on it); the
  // game, its kit and the audit entry are then one transaction. If that fails, the pictures go too.
  const stored: { name: string; id: string }[] = [];
  let written: { game: GameEntry; kit: Kit };
  try {
    for (const image of images) {
      stored.push({
        name: image.name,
        id: (await storeMedia(runtime, image.data, options.actor?.id ?? null)).id,
      });
    }
    written = await db.transaction((tx) =>
      writeImport(tx, { parsed, existing, checked: checked.data, stored, actor: options.actor }),
    );
  } catch (error) {
    await discardMedia(
      runtime,
      stored.map((s) => s.id),
    ).catch(() => undefined);
    throw error;
  }
  const { game, kit } = written;
  if (kit.id) await buildKitZips(runtime, kit.id, await readGameKitFiles(runtime.db, game, kit));
  return { game, kit, created: !existing, gameKept: false };
}

/** The import's writes, inside its transaction: the game, its kit and the audit entry. */
async function writeImport(
  db: Database,
  input: {
    parsed: ReturnType<typeof parsePresskitXml>;
    existing: GameEntry | null;
    checked: GameInput;
    stored: { name: string; id: string }[];
    actor: Actor;
  },
): Promise<{ game: GameEntry; kit: Kit }> {
  const { parsed, existing, stored } = input;
  const title = parsed.game.title;
  const shots = stored.filter((s) => roleOf(s.name) === "screenshot");
  const header = stored.find((s) => roleOf(s.name) === "keyArt");
  const gallery = shots.length
    ? shots.map((s, i) => ({ image: s.id, alt: `${title}: screenshot ${i + 1}` }))
    : (existing?.gallery ?? []);
  const card = { imageUrl: existing?.imageUrl ?? "", cardImage: existing?.cardImage ?? null };
  const row: NewGame = {
    ...input.checked,
    gallery,
    ...(hasCardPicture({ ...card, gallery }) || !header
      ? { cardImage: card.cardImage, cardImageAlt: existing?.cardImageAlt ?? null }
      : { cardImage: header.id, cardImageAlt: `${title}: key art` }),
    keyArt: header?.id ?? existing?.keyArt ?? null,
    keyArtAlt: header ? `${title}: key art` : (existing?.keyArtAlt ?? null),
  };
  const game = existing
    ? await updateGame(db, existing.id, row, input.actor)
    : await createGame(db, row);
  const logos = logoEntries(
    title,
    stored.filter((s) => roleOf(s.name) === "logo"),
  );
  const current = await readKit(db, game.id);
  const data: KitData = { ...parsed.kit, logos: logos.length ? logos : current.data.logos };
  const kit = await saveKit(
    db,
    game.id,
    { listed: current.listed, embargoUntil: current.embargoUntil, data },
    input.actor,
  );
  await recordStaffAction(db, {
    actor: input.actor,
    action: "press.import",
    subjectType: "game",
    subjectId: game.id,
    details: { title: game.title, slug: game.slug, created: !existing, images: stored.length },
  });
  return { game, kit };
}

/**
 * The Press Kits tab's upload: a presskit() zip read and imported with the CLI's checks. A refusal
 * is the same sentence, told on the form's field it is about (the game named, else the zip).
 */
export async function importPresskitUpload(
  runtime: Runtime,
  input: { zip: File; game: string },
  actor: { id: string; email: string },
  options: { gameFields: boolean },
): Promise<PresskitImported> {
  try {
    // Refused before the zip is read: who may not change games imports into an existing game only.
    if (!options.gameFields && !input.game) {
      throw new AppError("forbidden", IMPORT_NEW_GAME_REFUSED);
    }
    const source = await readPresskitZip(Buffer.from(await input.zip.arrayBuffer()));
    const { game, created, gameKept } = await importPresskit(runtime, source, {
      gameSlug: input.game || undefined,
      actor,
      gameFields: options.gameFields,
    });
    return { title: game.title, slug: game.slug, created, gameKept };
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw new AppError(error.kind, error.message, {
      field: error.kind === "not_found" || error.kind === "forbidden" ? "game" : "zip",
    });
  }
}

/** A game's kit as presskit()'s data.xml. */
export function exportPresskit(game: GameEntry, kit: Kit): string {
  // The game's own trailer leads the kit's, once (an imported kit's first trailer is the game's).
  const trailer = game.trailerUrl ? parseTrailer(game.trailerUrl) : null;
  const known = kit.data.trailers.some((t) =>
    trailer?.provider === "youtube" ? t.youtube === trailer.id : t.vimeo === trailer?.id,
  );
  const trailers =
    trailer && !known
      ? [
          {
            name: "Trailer",
            youtube: trailer.provider === "youtube" ? trailer.id : "",
            vimeo: trailer.provider === "vimeo" ? trailer.id : "",
          },
          ...kit.data.trailers,
        ]
      : kit.data.trailers;
  return buildPresskitXml({
    game: {
      title: game.title,
      description: game.description,
      releaseDate: game.releaseDate,
      website: game.url,
      platforms: game.platforms,
      storeLinks: game.storeLinks,
    },
    kit: { ...kit.data, trailers },
  });
}
