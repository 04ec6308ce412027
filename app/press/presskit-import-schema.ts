import { z } from "~/platform/forms/zod";

// The Press Kits tab's "Import presskit() zip" form: one schema for the form in the browser and the
// action on the server. The zip's contents are checked on the server, as the CLI's import does.

/** The largest zip the form takes; larger kits go through `npx studio press import <folder>`. */
export const PRESSKIT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const PRESSKIT_UPLOAD_TOO_LARGE =
  "The zip is larger than 50 MB. Import a larger kit with npx studio press import.";
const CHOOSE = "Choose a presskit() zip to import.";

export const PresskitImportSchema = z.object({
  zip: z
    .file({ error: CHOOSE })
    .refine((file) => file.size > 0, { message: CHOOSE, abort: true })
    .refine((file) => /\.zip$/i.test(file.name), {
      message: "Choose a .zip file: a presskit() game folder, zipped.",
      abort: true,
    })
    .refine((file) => file.size <= PRESSKIT_UPLOAD_MAX_BYTES, PRESSKIT_UPLOAD_TOO_LARGE),
  // The game to import into (its address); empty: a new game.
  game: z.string().trim().max(200, "Choose a game from the list.").default(""),
});

/** What an import made; `gameKept`: the kit only, the game's own fields left (no game permission). */
export type PresskitImported = { title: string; slug: string; created: boolean; gameKept: boolean };
