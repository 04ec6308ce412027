import type { Database } from "~/db/database.server";
import { getMedia, readMediaFile, storeMedia } from "~/media/index.server";
import { AppError, isAppError } from "~/platform/errors/app-error";
import type { Storage } from "~/platform/storage/storage.server";
import { readSettings, saveSettings } from "./settings.server";
import { SettingsSchema, type SiteSettings } from "./settings-schema";

// `studio settings export|import` (docs/product.md#site-settings): the settings as one JSON file,
// the logo inside it as a data URL, so a studio can move its site to another install. An import is
// checked whole by the form's schema before anything is written; a bad file is one sentence and
// changes nothing.

export const SETTINGS_FILE_FORMAT = "studio-site-settings";
const VERSION = 1;

type Runtime = { db: Database; storage: Storage };

/** The settings as the file holds them: every field but the logo, and the logo as a data URL. */
export async function exportSettings(runtime: Runtime) {
  const { saved: _saved, logo, ...settings } = await readSettings(runtime.db);
  let logoFile: string | null = null;
  const entry = logo ? await getMedia(runtime.db, logo) : null;
  if (entry) {
    const largest = entry.widths.at(-1) ?? entry.width;
    const data = await readMediaFile(runtime, entry.id, `${largest}.webp`);
    if (data) logoFile = `data:image/webp;base64,${data.toString("base64")}`;
  }
  return { format: SETTINGS_FILE_FORMAT, version: VERSION, settings, logo: logoFile };
}

const refuse = (sentence: string) => new AppError("invalid", sentence);

/** The logo of a file: the image its data URL holds, or a refusal. */
function logoBytes(value: unknown): Buffer | null {
  if (value === null || value === undefined || value === "") return null;
  const match =
    typeof value === "string"
      ? /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value)
      : null;
  if (!match?.[1]) throw refuse("The file's logo is not an image written as a data URL.");
  return Buffer.from(match[1], "base64");
}

/** Checks a file's text whole; the settings it holds (without the logo) and the logo's bytes. */
export function readSettingsFile(text: string): { settings: SiteSettings; logo: Buffer | null } {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw refuse("The file is not JSON: export the settings with `studio settings export`.");
  }
  const body = (file ?? {}) as {
    format?: unknown;
    version?: unknown;
    settings?: unknown;
    logo?: unknown;
  };
  if (typeof file !== "object" || body.format !== SETTINGS_FILE_FORMAT)
    throw refuse("The file is not a site settings export: its format is not studio-site-settings.");
  if (body.version !== VERSION)
    throw refuse(
      `The file is a version ${String(body.version)} export; this site reads version ${VERSION}.`,
    );
  const parsed = SettingsSchema.safeParse({ ...(body.settings as object), logo: "" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "settings";
    throw refuse(
      `The file's settings are not valid (${field}): ${issue?.message ?? "unreadable"}.`,
    );
  }
  return { settings: parsed.data, logo: logoBytes(body.logo) };
}

/**
 * Imports a file: checked whole first, then its logo goes through the image pipeline into the
 * media library, then the settings are saved (with their audit line) in place of the current ones.
 */
export async function importSettings(runtime: Runtime, text: string): Promise<SiteSettings> {
  const { settings, logo } = readSettingsFile(text);
  let logoId = "";
  if (logo) {
    try {
      logoId = (await storeMedia(runtime, logo, null)).id;
    } catch (error) {
      if (isAppError(error)) throw refuse(`The file's logo could not be used: ${error.message}`);
      throw error;
    }
  }
  // A featured game is named by its id, which means nothing on another install: it is not carried.
  return saveSettings(
    runtime,
    { ...settings, logo: logoId, featuredGame: "" },
    null,
    "settings.import",
  );
}
