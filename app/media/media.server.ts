import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { isUuid } from "~/db/ids";
import { media } from "~/db/schema";
import {
  checkImage,
  encodeWidths,
  type ImageRules,
  originalWithoutMetadata,
  transformImage,
} from "~/platform/images/image-pipeline.server";
import { checkSvg, looksLikeSvg, rasterizeSvg } from "~/platform/images/svg.server";
import type { Storage } from "~/platform/storage/storage.server";
import { MEDIA_MAX_BYTES, MEDIA_TOO_LARGE, MEDIA_WIDTHS, type MediaImage } from "./media-limits";

// The media library: images staff upload for news covers, inline news images and game screenshots.
// Each upload goes through the shared image pipeline and is stored as WebP files at the widths of
// MEDIA_WIDTHS (`media/<id>/<width>.webp`); its row in `media` is what makes them exist.

export type MediaEntry = {
  id: string;
  /** The original's size, upright. */
  width: number;
  height: number;
  /** The stored widths, ascending. */
  widths: number[];
  uploadedBy: string | null;
  createdAt: Date;
};

const MEDIA_RULES: ImageRules = {
  maxBytes: MEDIA_MAX_BYTES,
  tooLarge: MEDIA_TOO_LARGE,
  code: "invalid_image",
};

/** The default `sizes` of an image: as wide as the screen. */
const FULL_WIDTH = "100vw";

const PATH =
  /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/\d{1,5}\.webp)?$/i;
const FILE = /^(\d{1,5})\.webp$/;

const storageKey = (id: string, width: number) => `media/${id}/${width}.webp`;

const originalKey = (id: string) => `media/${id}/original`;

/**
 * The file a mail shows of an upload: JPEG, since mail clients that cannot show WebP are common
 * (Outlook for Windows among them), at most MAIL_IMAGE_WIDTH wide (twice a mail's 600 px column),
 * transparency laid on white. Made from the original the first time it is asked for, then kept.
 */
export const MEDIA_MAIL_FILE = "mail.jpg";
const MAIL_IMAGE_WIDTH = 1200;
const MAIL_JPEG_QUALITY = 80;
const mailKey = (id: string) => `media/${id}/${MEDIA_MAIL_FILE}`;

/** The public URL of an upload's file for mail (see MEDIA_MAIL_FILE). */
export const mediaMailUrl = (id: string) => `/media/${id}/${MEDIA_MAIL_FILE}`;

function toEntry(row: typeof media.$inferSelect): MediaEntry {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    widths: [...row.widths].sort((a, b) => a - b),
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt,
  };
}

/**
 * Checks and stores an upload: its files first, then its row. Refusals are AppError
 * "unprocessable" (422). Until the row is written no URL serves the files; if writing it fails
 * they are removed (best effort) and the error is thrown.
 */
export async function storeMedia(
  runtime: { db: Database; storage: Storage },
  file: Buffer,
  uploadedBy: string | null,
  options: { vector?: boolean } = {},
): Promise<MediaEntry> {
  const { db, storage } = runtime;
  const { encoded, original, type } =
    options.vector && looksLikeSvg(file) ? await vectorUpload(file) : await rasterUpload(file);
  const id = crypto.randomUUID();
  try {
    for (const stored of encoded.files) {
      await storage.put(storageKey(id, stored.width), stored.data, "image/webp");
    }
    // The upload as it came (checked, never served on the site), which press kits hand out whole,
    // without what its camera or editor wrote about the person (GPS position, serial, owner).
    await storage.put(originalKey(id), original, type);
    const [row] = await db
      .insert(media)
      .values({
        id,
        width: encoded.width,
        height: encoded.height,
        widths: encoded.files.map((stored) => stored.width),
        uploadedBy,
      })
      .returning();
    if (!row) throw new Error("media row not written");
    return toEntry(row);
  } catch (error) {
    await storage.delete(`media/${id}`).catch(() => undefined);
    throw error;
  }
}

/** A raster upload: checked, its widths encoded, its original without personal metadata. */
async function rasterUpload(file: Buffer) {
  const checked = await checkImage(file, MEDIA_RULES);
  const encoded = await encodeWidths(file, MEDIA_WIDTHS, MEDIA_RULES);
  return {
    encoded,
    original: await originalWithoutMetadata(file, checked),
    type: `image/${checked.format}`,
  };
}

/**
 * A vector upload (where the caller allows one: a press kit's logos): checked as a document, drawn
 * at the largest width for the widths pages show, its original kept as uploaded for download.
 */
async function vectorUpload(file: Buffer) {
  checkSvg(file, MEDIA_RULES);
  const drawn = await rasterizeSvg(file, Math.max(...MEDIA_WIDTHS), MEDIA_RULES);
  const encoded = await encodeWidths(drawn, MEDIA_WIDTHS, MEDIA_RULES);
  return { encoded, original: file, type: "image/svg+xml" };
}

/**
 * Removes uploads nothing points at yet (a larger write that stored them failed): rows first, so
 * no URL serves them, then their files (best effort).
 */
export async function discardMedia(
  runtime: { db: Database; storage: Storage },
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await runtime.db.delete(media).where(inArray(media.id, [...ids]));
  for (const id of ids) await runtime.storage.delete(`media/${id}`).catch(() => undefined);
}

/** One upload, or null when the id is no upload's (or no UUID at all). */
export async function getMedia(db: Database, id: string): Promise<MediaEntry | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(1);
  return row ? toEntry(row) : null;
}

/**
 * An upload as a page shows it: its stored widths (its `src` is the largest, its `srcset` every
 * one), `width`/`height` the largest stored width and its proportional height.
 */
export function mediaImage(
  entry: Pick<MediaEntry, "id" | "width" | "height" | "widths">,
  sizes: string = FULL_WIDTH,
): MediaImage {
  const widths = [...entry.widths].sort((a, b) => a - b);
  const largest = widths.at(-1) ?? entry.width;
  return {
    id: entry.id,
    widths,
    sizes,
    width: largest,
    height: Math.max(1, Math.round((largest * entry.height) / entry.width)),
  };
}

/**
 * The images of several uploads in one query, by id; ids that are no upload's (or no UUID) are
 * left out.
 */
export async function mediaImages(
  db: Database,
  ids: readonly string[],
): Promise<Map<string, MediaImage>> {
  const wanted = [...new Set(ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
  const images = new Map<string, MediaImage>();
  if (wanted.length === 0) return images;
  const rows = await db.select().from(media).where(inArray(media.id, wanted));
  for (const row of rows) images.set(row.id, mediaImage(toEntry(row)));
  return images;
}

/** The upload a path names: "/media/<id>" or "/media/<id>/<width>.webp"; null for anything else. */
export function mediaIdFromPath(src: string): string | null {
  const match = PATH.exec(src);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * One stored file of an upload, for GET /media/<id>/<width>.webp: null unless the upload exists
 * and was stored at that width.
 */
export async function readMediaFile(
  runtime: { db: Database; storage: Storage },
  id: string,
  file: string,
): Promise<Buffer | null> {
  const width = Number(FILE.exec(file)?.[1]);
  if (!Number.isInteger(width)) return null;
  const entry = await getMedia(runtime.db, id);
  if (!entry?.widths.includes(width)) return null;
  const stored = await runtime.storage.get(storageKey(entry.id, width));
  return stored?.data ?? null;
}

/**
 * An upload's file for mail, GET /media/<id>/mail.jpg: made from the original (or, for an upload
 * stored before originals were kept, its largest width) on first use and stored; null for an
 * unknown upload. Two first requests at once make the same file twice, which is harmless.
 */
export async function readMediaMailFile(
  runtime: { db: Database; storage: Storage },
  id: string,
): Promise<Buffer | null> {
  const entry = await getMedia(runtime.db, id);
  if (!entry) return null;
  const kept = await runtime.storage.get(mailKey(entry.id));
  if (kept) return kept.data;
  const original = await readMediaOriginal(runtime, entry.id);
  // A vector original is drawn from its largest raster width, never decoded again here.
  const largest = entry.widths.at(-1);
  const source =
    original?.extension === "svg" && largest
      ? await runtime.storage.get(storageKey(entry.id, largest))
      : original;
  if (!source) return null;
  const made = await transformImage(source.data, MEDIA_RULES, (image) =>
    image
      .resize({ width: MAIL_IMAGE_WIDTH, withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: MAIL_JPEG_QUALITY, mozjpeg: true }),
  );
  await runtime.storage.put(mailKey(entry.id), made.data, "image/jpeg");
  return made.data;
}

const extensionOf = (contentType: string) => {
  const subtype = contentType
    .replace(/^image\//, "")
    .replace(/\+xml$/, "")
    .replace(/[^a-z0-9]/g, "");
  return subtype === "jpeg" ? "jpg" : subtype || "img";
};

/**
 * Where an upload's original is stored and its extension, without reading it (for streaming it);
 * an upload stored before originals were kept gives its largest stored width. Null when unknown.
 */
export async function mediaOriginalFile(
  runtime: { db: Database; storage: Storage },
  id: string,
): Promise<{ key: string; extension: string } | null> {
  const entry = await getMedia(runtime.db, id);
  if (!entry) return null;
  const original = await runtime.storage.stat(originalKey(entry.id));
  if (original) return { key: originalKey(entry.id), extension: extensionOf(original.contentType) };
  const largest = entry.widths.at(-1);
  return largest ? { key: storageKey(entry.id, largest), extension: "webp" } : null;
}

/**
 * An upload's original file as it was uploaded, with its extension; an upload stored before
 * originals were kept gives its largest stored width. Null for an unknown upload.
 */
export async function readMediaOriginal(
  runtime: { db: Database; storage: Storage },
  id: string,
): Promise<{ data: Buffer; extension: string } | null> {
  const entry = await getMedia(runtime.db, id);
  if (!entry) return null;
  const original = await runtime.storage.get(originalKey(entry.id));
  if (original) return { data: original.data, extension: extensionOf(original.contentType) };
  const largest = entry.widths.at(-1);
  const stored = largest ? await runtime.storage.get(storageKey(entry.id, largest)) : null;
  return stored ? { data: stored.data, extension: "webp" } : null;
}
