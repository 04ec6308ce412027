import type { Sharp } from "sharp";
import { AppError } from "~/platform/errors/app-error";
import { withoutPersonalMetadata } from "./metadata.server";

// The one image pipeline every upload goes through (avatars, news covers and inline images, game
// screenshots): decode on the server (never trust the name or the browser's type), refuse what is
// not a raster image, is too big or carries something else, then re-encode to WebP without
// metadata. What each kind of image becomes (one square, several widths) is up to its feature.

/** Largest image accepted: 25 megapixels (a 5000 × 5000 image); bigger ones are pixel floods. */
export const IMAGE_MAX_PIXELS = 25_000_000;

/** The formats decoded; anything else (SVG, PDF, TIFF, HEIC…) is refused. */
export const RASTER_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp", "gif", "avif"]);

/**
 * The format a file is, by its content. sharp names AVIF by its container, `heif`, whatever the
 * codec inside: AV1 makes it AVIF (what the pickers offer); HEVC (HEIC) stays refused.
 */
function formatOf(metadata: { format?: string; compression?: string }): string | undefined {
  if (metadata.format !== "heif") return metadata.format;
  return metadata.compression === "av1" ? "avif" : "heic";
}

/** WebP quality of the stored files. */
export const WEBP_QUALITY = 80;

// Markup or code inside an image file: a polyglot meant to be served as something else.
const HIDDEN_CONTENT = /<\s*(script|html|svg|iframe|body|object|embed)\b|<\?php|javascript:/i;

const MESSAGES = {
  empty: "Choose an image file to upload.",
  notImage: "This file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF file.",
  notRaster: "This image type is not accepted. Upload a JPEG, PNG, WebP, GIF or AVIF file.",
  tooManyPixels: (pixels: number) =>
    `The image has too many pixels. The limit is ${pixels / 1_000_000} megapixels.`,
  hidden: "This file contains more than image data and was refused.",
  unreadable: "This image could not be read. It may be damaged.",
};

/** What an upload is checked against. */
export type ImageRules = {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** What a file over `maxBytes` is told (the same words the browser shows before sending it). */
  tooLarge: string;
  /** The refusal's machine-readable code (the AppError's `code`). */
  code: string;
  /** Largest image accepted, in pixels (all frames together); IMAGE_MAX_PIXELS by default. */
  maxPixels?: number;
};

/**
 * A checked upload: its format, its size once turned upright (EXIF orientation applied), that
 * orientation (1 or none: upright) and whether it carries metadata about the picture (EXIF, XMP,
 * IPTC).
 */
export type CheckedImage = {
  format: string;
  width: number;
  height: number;
  orientation: number | undefined;
  carriesMetadata: boolean;
};

/** One encoded width of an image. */
export type EncodedFile = { width: number; data: Buffer };

/** An image encoded at several widths: the original's upright size and the files, narrowest first. */
export type EncodedWidths = { width: number; height: number; files: EncodedFile[] };

// Loaded on the first upload, not at start-up: loading the image library takes a noticeable part of
// a cold start (docs/performance.md).
let sharpModule: Promise<typeof import("sharp")> | null = null;
const loadSharp = () => {
  sharpModule ??= import("sharp");
  return sharpModule;
};

/** An upload the rules refuse: 422 with the reason. */
export function imageRefusal(message: string, code: string): AppError {
  return new AppError("unprocessable", message, { code });
}

/**
 * Refuses (AppError "unprocessable", 422) an empty file, one over the size limit, one that is not a
 * raster image of an accepted format, a pixel flood and a polyglot; reads only the header to decide.
 */
export async function checkImage(input: Buffer, rules: ImageRules): Promise<CheckedImage> {
  const refused = (message: string) => imageRefusal(message, rules.code);
  const maxPixels = rules.maxPixels ?? IMAGE_MAX_PIXELS;
  if (input.length === 0) throw refused(MESSAGES.empty);
  if (input.length > rules.maxBytes) throw refused(rules.tooLarge);
  const { default: sharp } = await loadSharp();
  let metadata: Awaited<ReturnType<Sharp["metadata"]>>;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw refused(MESSAGES.notImage);
  }
  const format = formatOf(metadata);
  if (!format || !RASTER_FORMATS.has(format)) throw refused(MESSAGES.notRaster);
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.pages ?? 1);
  if (!metadata.width || !metadata.height || pixels > maxPixels) {
    throw refused(MESSAGES.tooManyPixels(maxPixels));
  }
  if (HIDDEN_CONTENT.test(input.toString("latin1"))) throw refused(MESSAGES.hidden);
  const upright = metadata.autoOrient ?? metadata;
  return {
    format,
    width: upright.width,
    height: upright.height,
    orientation: metadata.orientation,
    carriesMetadata: Boolean(metadata.exif || metadata.xmp || metadata.iptc),
  };
}

/**
 * A checked upload's original as it may be handed out: without EXIF (GPS, camera serial, owner),
 * XMP, IPTC and comments, its colour profile and orientation kept (metadata.server.ts edits JPEG,
 * PNG, WebP and GIF without touching their pixels). An AVIF carrying such metadata is re-encoded
 * upright with its colour profile, at a quality that keeps it a press-grade original.
 */
export async function originalWithoutMetadata(
  input: Buffer,
  checked: CheckedImage,
): Promise<Buffer> {
  const edited = withoutPersonalMetadata(input, checked.format, checked.orientation);
  if (edited) return edited;
  if (!checked.carriesMetadata) return input;
  const { default: sharp } = await loadSharp();
  return sharp(input, { limitInputPixels: false })
    .rotate()
    .keepIccProfile()
    .avif({ quality: 90 })
    .toBuffer();
}

/**
 * Decodes a checked upload (its first frame), turns it upright by its EXIF orientation and hands it
 * to `build` (resize, encode); the output carries no metadata (no EXIF, ICC, XMP: sharp keeps none
 * unless asked). A file that fails to decode is refused as damaged.
 */
export async function transformImage(
  input: Buffer,
  rules: Pick<ImageRules, "code" | "maxPixels">,
  build: (image: Sharp) => Sharp,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { default: sharp } = await loadSharp();
  try {
    const image = sharp(input, {
      limitInputPixels: rules.maxPixels ?? IMAGE_MAX_PIXELS,
      animated: false,
    }).rotate();
    const { data, info } = await build(image).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw imageRefusal(MESSAGES.unreadable, rules.code);
  }
}

/**
 * The widths an image of `originalWidth` is stored at: each of `widths` not above it (no
 * upscaling), or the original's own width when it is narrower than all of them. Ascending.
 */
export function widthsFor(originalWidth: number, widths: readonly number[]): number[] {
  const wanted = [...new Set(widths.filter((w) => Number.isInteger(w) && w > 0))].sort(
    (a, b) => a - b,
  );
  const fitting = wanted.filter((w) => w <= originalWidth);
  return fitting.length > 0 ? fitting : [originalWidth];
}

/**
 * A checked upload as WebP files (quality WEBP_QUALITY, upright, without metadata) at each of
 * `widths` not above the original's width: see `widthsFor`. Call `checkImage` first.
 */
export async function encodeWidths(
  input: Buffer,
  widths: readonly number[],
  rules: Pick<ImageRules, "code" | "maxPixels"> = { code: "invalid_image" },
): Promise<EncodedWidths> {
  const { default: sharp } = await loadSharp();
  let upright: { width: number; height: number };
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    upright = metadata.autoOrient ?? metadata;
  } catch {
    throw imageRefusal(MESSAGES.notImage, rules.code);
  }
  if (!upright.width || !upright.height) throw imageRefusal(MESSAGES.notImage, rules.code);
  const files: EncodedFile[] = [];
  for (const width of widthsFor(upright.width, widths)) {
    const file = await transformImage(input, rules, (image) =>
      image.resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }),
    );
    files.push({ width: file.width, data: file.data });
  }
  return { width: upright.width, height: upright.height, files };
}
