import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { checkImage, originalWithoutMetadata } from "./image-pipeline.server";

// Originals handed out by press kits kept their EXIF, GPS position included. Each format's original
// loses what is about the person (EXIF, XMP, comments), and keeps its pixels, colour profile and
// orientation.

const OWNER = "Ana Owner-Privacy";
const PLACE = "Secret Street 12";
const RULES = { maxBytes: 20 * 1024 * 1024, tooLarge: "too large", code: "invalid_image" };

/** A 24 × 16 picture of four colours, with an owner, a GPS position, a comment and a colour profile. */
async function photo(format: "jpeg" | "png" | "webp" | "avif" | "gif", orientation = 6) {
  const pixels = Buffer.alloc(24 * 16 * 3);
  for (let i = 0; i < 24 * 16; i++) pixels.set(i % 24 < 12 ? [200, 40, 40] : [40, 40, 200], i * 3);
  const image = sharp(pixels, { raw: { width: 24, height: 16, channels: 3 } })
    .withIccProfile("p3")
    .withExif({
      IFD0: { Artist: OWNER, ImageDescription: PLACE },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 1234/100" },
    })
    .withMetadata({ orientation })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><dc>${OWNER}</dc></rdf:RDF></x:xmpmeta>`,
    );
  const encoded = {
    jpeg: () => image.jpeg({ quality: 95 }),
    png: () => image.png(),
    webp: () => image.webp({ lossless: true }),
    avif: () => image.avif({ quality: 80 }),
    gif: () => image.gif(),
  }[format]();
  return encoded.toBuffer();
}

const rawPixels = async (file: Buffer) =>
  (await sharp(file).rotate().raw().toBuffer({ resolveWithObject: true })).data;

describe("an upload's original without personal metadata", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)(
    "%s: no owner, place, GPS or XMP; the colour profile and orientation stay",
    async (format) => {
      const file = await photo(format);
      const before = await sharp(file).metadata();
      expect(before.exif, "the fixture carries EXIF").toBeDefined();
      const checked = await checkImage(file, RULES);
      expect(checked).toMatchObject({ format, carriesMetadata: true });
      const original = await originalWithoutMetadata(file, checked);
      const text = original.toString("latin1");
      expect(text).not.toContain(OWNER);
      expect(text).not.toContain(PLACE);
      const after = await sharp(original).metadata();
      expect(after.format).toBe(before.format);
      expect(after.xmp).toBeUndefined();
      expect(after.icc, "the colour profile").toBeDefined();
      // No GPS directory: the only EXIF left is the orientation.
      expect(after.exif?.toString("latin1") ?? "").not.toMatch(/GPS|51\/1/);
      // Shown the same way up: the orientation kept as a tag, or (AVIF, re-encoded) applied.
      const shown = (m: typeof before) => [m.autoOrient.width, m.autoOrient.height];
      expect(shown(after)).toEqual(shown(before));
      if (format !== "avif") expect(after.orientation).toBe(6);
      if (format !== "avif") {
        // Edited, not re-encoded: the very same pixels.
        expect((await rawPixels(original)).equals(await rawPixels(file))).toBe(true);
      }
    },
  );

  it("an upright picture keeps no EXIF at all, and a GIF loses its comments", async () => {
    const upright = await photo("jpeg", 1);
    const original = await originalWithoutMetadata(upright, await checkImage(upright, RULES));
    expect((await sharp(original).metadata()).exif).toBeUndefined();

    const gif = await photo("gif");
    const commented = Buffer.concat([
      gif.subarray(0, gif.length - 1),
      Buffer.from([0x21, 0xfe, OWNER.length]),
      Buffer.from(OWNER, "latin1"),
      Buffer.from([0x00, 0x3b]),
    ]);
    expect(commented.toString("latin1")).toContain(OWNER);
    const stripped = await originalWithoutMetadata(commented, await checkImage(commented, RULES));
    expect(stripped.toString("latin1")).not.toContain(OWNER);
    expect((await rawPixels(stripped)).equals(await rawPixels(gif))).toBe(true);
  });
});
