import type { Sharp } from "sharp";
import { AppError } from "~/platform/errors/app-error";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from "./avatar-limits";

// The avatar pipeline: decode on the server (never trust the name or the browser's type), refuse
// what is not a raster image or is too big, then re-encode to a small WebP without metadata.

export const AVATAR_LIMITS = {
  /** Largest upload accepted. */
  bytes: AVATAR_MAX_BYTES,
  /** Largest image accepted: 25 megapixels (a 5000 × 5000 image); bigger ones are pixel floods. */
  pixels: 25_000_000,
  /** Stored size. */
  size: 256,
} as const;

const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);
// Markup or code inside an image file: a polyglot meant to be served as something else.
const HIDDEN_CONTENT = /<\s*(script|html|svg|iframe|body|object|embed)\b|<\?php|javascript:/i;

// Loaded on the first upload, not at start-up: loading the image library takes a noticeable part of
// a cold start (docs/performance.md).
let sharpModule: Promise<typeof import("sharp")> | null = null;
const loadSharp = () => {
  sharpModule ??= import("sharp");
  return sharpModule;
};

/** An upload the avatar rules refuse: 422 with the reason. */
function refused(message: string) {
  return new AppError("unprocessable", message, { code: "invalid_avatar" });
}

export async function processAvatar(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw refused("Choose an image file to upload.");
  if (input.length > AVATAR_LIMITS.bytes) {
    throw refused(AVATAR_TOO_LARGE);
  }
  const { default: sharp } = await loadSharp();
  let metadata: Awaited<ReturnType<Sharp["metadata"]>>;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refused("This file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF file.");
  }
  if (!metadata.format || !RASTER_FORMATS.has(metadata.format)) {
    throw refused("This image type is not accepted. Upload a JPEG, PNG, WebP, GIF or AVIF file.");
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.pages ?? 1);
  if (!metadata.width || !metadata.height || pixels > AVATAR_LIMITS.pixels) {
    throw refused(
      `The image has too many pixels. The limit is ${AVATAR_LIMITS.pixels / 1_000_000} megapixels.`,
    );
  }
  if (HIDDEN_CONTENT.test(input.toString("latin1"))) {
    throw refused("This file contains more than image data and was refused.");
  }
  try {
    return await sharp(input, { limitInputPixels: AVATAR_LIMITS.pixels, animated: false })
      .rotate()
      .resize(AVATAR_LIMITS.size, AVATAR_LIMITS.size, { fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refused("This image could not be read. It may be damaged.");
  }
}
