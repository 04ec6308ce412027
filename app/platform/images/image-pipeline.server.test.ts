import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "~/platform/errors/app-error";
import {
  checkImage,
  encodeWidths,
  IMAGE_MAX_PIXELS,
  type ImageRules,
  widthsFor,
} from "./image-pipeline.server";

const RULES: ImageRules = {
  maxBytes: 2 * 1024 * 1024,
  tooLarge: "The image is too large. The limit is 2 MB.",
  code: "invalid_test_image",
};
const WIDTHS = [480, 960, 1600];

const image = (width: number, height: number, format: "png" | "jpeg" | "webp" | "avif" = "png") =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    [format]()
    .toBuffer();

/** What a refusal says, and its shape. */
async function refusal(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.kind).toBe("unprocessable");
  expect(appError.status).toBe(422);
  expect(appError.code).toBe(RULES.code);
  return appError;
}

describe("the widths an image is stored at", () => {
  it("keeps each listed width not above the original's, ascending", () => {
    expect(widthsFor(2000, WIDTHS)).toEqual([480, 960, 1600]);
    expect(widthsFor(1600, WIDTHS)).toEqual([480, 960, 1600]);
    expect(widthsFor(1200, [1600, 480, 960, 960])).toEqual([480, 960]);
  });

  it("is the original's own width when it is narrower than all of them", () => {
    expect(widthsFor(300, WIDTHS)).toEqual([300]);
  });
});

describe("encodeWidths", () => {
  it("encodes WebP at each width not above the original's, keeping the proportions", async () => {
    const input = await image(1200, 800);
    const encoded = await encodeWidths(input, WIDTHS);
    expect([encoded.width, encoded.height]).toEqual([1200, 800]);
    expect(encoded.files.map((file) => file.width)).toEqual([480, 960]);
    for (const file of encoded.files) {
      const meta = await sharp(file.data).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(file.width);
      expect(meta.height).toBe(Math.round((file.width * 800) / 1200));
    }
  });

  it("never upscales: a small image is stored once, at its own size", async () => {
    const encoded = await encodeWidths(await image(300, 200, "jpeg"), WIDTHS);
    expect(encoded.files).toHaveLength(1);
    const meta = await sharp(encoded.files[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 300, 200]);
  });

  it("turns the image upright by its EXIF orientation and strips EXIF and ICC", async () => {
    // 1000 × 600 pixels stored sideways: orientation 6 shows it as 600 × 1000.
    const input = await sharp({
      create: { width: 1000, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .withIccProfile("p3")
      .withExif({ IFD0: { Copyright: "secret camera data" } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    expect(before.orientation).toBe(6);

    const checked = await checkImage(input, RULES);
    expect([checked.width, checked.height]).toEqual([600, 1000]);
    const encoded = await encodeWidths(input, WIDTHS);
    expect([encoded.width, encoded.height]).toEqual([600, 1000]);
    expect(encoded.files.map((file) => file.width)).toEqual([480]);
    const out = encoded.files[0]!.data;
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([480, 800]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.toString("latin1")).not.toContain("secret camera data");
  });

  it("encodes the first frame of an animation", async () => {
    const frames = await sharp({
      create: { width: 500, height: 100, channels: 4, background: "#ff0000" },
    })
      .gif()
      .toBuffer();
    const encoded = await encodeWidths(frames, WIDTHS);
    const meta = await sharp(encoded.files[0]!.data).metadata();
    expect([meta.format, meta.width, meta.pages ?? 1]).toEqual(["webp", 480, 1]);
  });
});

describe("checkImage", () => {
  it("accepts the raster formats and tells their upright size", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      expect(await checkImage(await image(40, 30, format), RULES)).toEqual({
        format,
        width: 40,
        height: 30,
        orientation: undefined,
        carriesMetadata: false,
      });
    }
  });

  // The pickers offer AVIF; sharp names its container, HEIF, with AV1 inside.
  it("accepts AVIF, which sharp reports as heif, and encodes it", async () => {
    const avif = await image(640, 360, "avif");
    expect((await sharp(avif).metadata()).format).toBe("heif");
    expect(await checkImage(avif, RULES)).toEqual({
      format: "avif",
      width: 640,
      height: 360,
      orientation: undefined,
      carriesMetadata: false,
    });
    const encoded = await encodeWidths(avif, WIDTHS);
    expect(encoded.files.map((file) => file.width)).toEqual([480]);
    expect((await sharp(encoded.files[0]!.data).metadata()).format).toBe("webp");
  });

  it("refuses an empty file", async () => {
    const error = await refusal(checkImage(Buffer.alloc(0), RULES));
    expect(error.message).toBe("Choose an image file to upload.");
  });

  it("refuses a file over the size given, with the message given", async () => {
    const error = await refusal(checkImage(Buffer.alloc(RULES.maxBytes + 1), RULES));
    expect(error.message).toBe(RULES.tooLarge);
  });

  it("refuses a file that is not an image", async () => {
    const error = await refusal(checkImage(Buffer.from("just some text, named photo.png"), RULES));
    expect(error.message).toBe(
      "This file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF file.",
    );
  });

  it("refuses an image type that is not a raster format (SVG)", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const error = await refusal(checkImage(svg, RULES));
    expect(error.message).toBe(
      "This image type is not accepted. Upload a JPEG, PNG, WebP, GIF or AVIF file.",
    );
  });

  it("refuses a polyglot: a real image carrying markup", async () => {
    const polyglot = Buffer.concat([
      await image(64, 48),
      Buffer.from("<html><script>alert(1)</script></html>"),
    ]);
    const error = await refusal(checkImage(polyglot, RULES));
    expect(error.message).toBe("This file contains more than image data and was refused.");
  });

  it("refuses a pixel flood before decoding it", async () => {
    // A small file that claims 6000 × 6000 pixels.
    const flood = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(flood.length).toBeLessThan(RULES.maxBytes);
    expect(6000 * 6000).toBeGreaterThan(IMAGE_MAX_PIXELS);
    const error = await refusal(checkImage(flood, RULES));
    expect(error.message).toBe("The image has too many pixels. The limit is 25 megapixels.");
  });

  it("takes a smaller pixel limit when given one", async () => {
    const error = await refusal(checkImage(await image(200, 200), { ...RULES, maxPixels: 10_000 }));
    expect(error.message).toBe("The image has too many pixels. The limit is 0.01 megapixels.");
  });
});

describe("a damaged image", () => {
  it("passes the header check but is refused when it is decoded", async () => {
    const whole = await image(400, 300, "jpeg");
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await checkImage(truncated, RULES);
    const error = await refusal(encodeWidths(truncated, WIDTHS, RULES));
    expect(error.message).toBe("This image could not be read. It may be damaged.");
  });
});
