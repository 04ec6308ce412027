import type { Database } from "~/db/database.server";
import type { GameEntry } from "~/games";
import { MEDIA_MAX_BYTES, MEDIA_TOO_LARGE } from "~/media";
import { discardMedia, storeMedia } from "~/media/index.server";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import { checkImage } from "~/platform/images/image-pipeline.server";
import type { Storage } from "~/platform/storage/storage.server";
import { type Kit, readKit, saveKit } from "./press.server";
import { buildKitZips } from "./press-files.server";
import { readGameKitFiles } from "./press-reads.server";
import type { PresskitSource } from "./presskit-source.server";
import type { parsePresskitXml } from "./presskit-xml.server";

// presskit()'s pictures (what each file name becomes) and the import of who may manage press but
// not games: the kit's own fields and its logos, the game left as it is (presskit-import.server.ts).

type Runtime = { db: Database; storage: Storage };
type Actor = { id: string; email: string } | null;

/** presskit()'s picture names: header is the key art, logo* and icon* are logos, the rest screenshots. */
export function roleOf(name: string): "keyArt" | "logo" | "screenshot" {
  const lower = name.toLowerCase();
  if (lower.startsWith("header")) return "keyArt";
  if (lower.startsWith("logo") || lower.startsWith("icon")) return "logo";
  return "screenshot";
}

/** Checks each picture as an upload is checked; the first refused is one sentence naming its file. */
export async function checkPictures(images: readonly { name: string; data: Buffer }[]) {
  for (const image of images) {
    await checkImage(image.data, {
      maxBytes: MEDIA_MAX_BYTES,
      tooLarge: MEDIA_TOO_LARGE,
      code: "invalid_image",
    }).catch((error: unknown) => refusalOf(error, image.name));
  }
}

function refusalOf(error: unknown, name: string): never {
  const message = error instanceof AppError ? error.message : "it could not be read";
  throw new AppError("unprocessable", `images/${name} was refused: ${message}`);
}

/**
 * The import of who may manage press but not games: the kit's fields and its logos, into the
 * existing game's kit; the game's own fields, screenshots and key art are left as they are.
 */
export async function importKitOnly(
  runtime: Runtime,
  source: PresskitSource,
  parsed: ReturnType<typeof parsePresskitXml>,
  game: GameEntry,
  actor: Actor,
): Promise<{ game: GameEntry; kit: Kit; created: boolean; gameKept: boolean }> {
  const { db } = runtime;
  const logos = source.images
    .filter((image) => roleOf(image.name) === "logo")
    .sort((a, b) => a.name.localeCompare(b.name));
  await checkPictures(logos);
  const stored: { name: string; id: string }[] = [];
  let kit: Kit;
  try {
    for (const image of logos) {
      stored.push({
        name: image.name,
        id: (await storeMedia(runtime, image.data, actor?.id ?? null)).id,
      });
    }
    kit = await db.transaction(async (tx) => {
      const current = await readKit(tx, game.id);
      const saved = await saveKit(
        tx,
        game.id,
        {
          listed: current.listed,
          embargoUntil: current.embargoUntil,
          data: {
            ...parsed.kit,
            logos: stored.length ? logoEntries(game.title, stored) : current.data.logos,
          },
        },
        actor,
      );
      await recordStaffAction(tx, {
        actor,
        action: "press.import",
        subjectType: "game",
        subjectId: game.id,
        details: {
          title: game.title,
          slug: game.slug,
          created: false,
          images: stored.length,
          kitOnly: true,
        },
      });
      return saved;
    });
  } catch (error) {
    await discardMedia(
      runtime,
      stored.map((s) => s.id),
    ).catch(() => undefined);
    throw error;
  }
  if (kit.id) await buildKitZips(runtime, kit.id, await readGameKitFiles(runtime.db, game, kit));
  return { game, kit, created: false, gameKept: true };
}

/** The kit's logo entries for stored pictures, named after their files. */
export function logoEntries(title: string, stored: { name: string; id: string }[]) {
  return stored.map((s) => ({ image: s.id, alt: `${title}: ${s.name.replace(/\.[^.]+$/, "")}` }));
}
