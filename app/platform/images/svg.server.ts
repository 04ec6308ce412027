import { XMLParser, XMLValidator } from "fast-xml-parser";
import { IMAGE_MAX_PIXELS, type ImageRules, imageRefusal } from "./image-pipeline.server";

// Vector logos (docs/product.md#press-kit): accepted only where a feature asks for them (a press
// kit's logos), kept as uploaded for download, and never shown: pages get raster renditions made
// here. An SVG is XML that can carry scripts and pages of its own, so it is checked as a document
// (well-formed, an <svg> root, no DOCTYPE or entities, nothing that runs or embeds), and the site
// serves it only as an attachment under a sandbox (app/press/stored-download.server.ts).

const MESSAGES = {
  notSvg: "This file is not an SVG image.",
  malformed: "This SVG is not well-formed XML.",
  doctype: "This SVG declares a DOCTYPE or entities and was refused.",
  active: "This SVG contains scripts, event handlers or embedded content and was refused.",
  size: "This SVG has no usable size: give it a width and height or a viewBox.",
  tooManyPixels: (pixels: number) =>
    `The image has too many pixels. The limit is ${pixels / 1_000_000} megapixels.`,
};

/**
 * What may come before the root: a byte order mark, an XML declaration, comments, space, and a
 * DOCTYPE (skipped here so that checkSvg names it when it refuses it).
 */
const PROLOGUE =
  /^(?:\uFEFF)?(?:\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)*/i;

/** Whether a file is SVG by its content (its first element is <svg>), whatever its name says. */
export function looksLikeSvg(input: Buffer): boolean {
  const head = input.subarray(0, 4096).toString("utf8");
  return /^<svg[\s>/]/i.test(head.replace(PROLOGUE, ""));
}

// Elements that run code or embed another document, event handler attributes, and script URLs.
const ACTIVE_ELEMENTS =
  /<\s*(?:[a-z0-9_-]+:)?(?:script|foreignObject|iframe|embed|object|handler)\b/i;
const HANDLER_ATTRIBUTE = /\son[a-z]+\s*=/i;
const SCRIPT_URL = /(?:java|vb)script\s*:|data\s*:\s*text\/html|file\s*:/i;

/** The size at which an SVG would be drawn (width and height, else its viewBox). */
type SvgSize = { width: number; height: number };

/**
 * Refuses (AppError "unprocessable", 422) an empty or oversized file, one that is not an SVG
 * document, malformed XML, a DOCTYPE or entity declaration, and anything active or embedded.
 */
export function checkSvg(input: Buffer, rules: ImageRules): void {
  const refused = (message: string) => imageRefusal(message, rules.code);
  if (input.length === 0) throw refused("Choose an image file to upload.");
  if (input.length > rules.maxBytes) throw refused(rules.tooLarge);
  const text = input.toString("utf8");
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw refused(MESSAGES.doctype);
  if (!looksLikeSvg(input)) throw refused(MESSAGES.notSvg);
  if (XMLValidator.validate(text) !== true) throw refused(MESSAGES.malformed);
  const parsed = new XMLParser({ ignoreAttributes: true, processEntities: false }).parse(text);
  const roots = Object.keys(parsed).filter((name) => name !== "?xml");
  if (roots.length !== 1 || roots[0]!.replace(/^[a-z0-9_-]+:/i, "").toLowerCase() !== "svg")
    throw refused(MESSAGES.notSvg);
  if (ACTIVE_ELEMENTS.test(text) || HANDLER_ATTRIBUTE.test(text) || SCRIPT_URL.test(text))
    throw refused(MESSAGES.active);
}

/**
 * A checked SVG drawn as a PNG `width` pixels wide (its proportions kept), for the widths pages
 * show; refused when it has no size or would be a pixel flood.
 */
export async function rasterizeSvg(
  input: Buffer,
  width: number,
  rules: Pick<ImageRules, "code" | "maxPixels">,
): Promise<Buffer> {
  const refused = (message: string) => imageRefusal(message, rules.code);
  const maxPixels = rules.maxPixels ?? IMAGE_MAX_PIXELS;
  const { default: sharp } = await import("sharp");
  let size: SvgSize;
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    if (metadata.format !== "svg" || !metadata.width || !metadata.height) throw new Error();
    size = { width: metadata.width, height: metadata.height };
  } catch {
    throw refused(MESSAGES.size);
  }
  // sharp draws an SVG at 72 dpi: this density makes it `width` pixels wide.
  const density = Math.min(100_000, Math.max(1, (72 * width) / size.width));
  const drawn = {
    width: Math.round((size.width * density) / 72),
    height: Math.round((size.height * density) / 72),
  };
  if (drawn.width * drawn.height > maxPixels) throw refused(MESSAGES.tooManyPixels(maxPixels));
  try {
    return await sharp(input, { density, limitInputPixels: maxPixels }).png().toBuffer();
  } catch {
    throw refused("This image could not be read. It may be damaged.");
  }
}
