import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "~/platform/errors/app-error";
import { bodyLimitFor } from "~/platform/server/request-limits.server";
import { AVATAR_LIMITS, processAvatar } from "./avatar.server";

const image = (format: "png" | "jpeg", width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Copyright: "secret camera data" } })
    [format]()
    .toBuffer();

describe("avatar pipeline", () => {
  it.each(["png", "jpeg"] as const)(
    "turns a %s into a 256x256 WebP without metadata",
    async (format) => {
      const output = await processAvatar(await image(format));
      const meta = await sharp(output).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([AVATAR_LIMITS.size, AVATAR_LIMITS.size]);
      expect(meta.exif).toBeUndefined();
      expect(output.toString("latin1")).not.toContain("secret camera data");
    },
  );

  it("refuses a text file, whatever its name", async () => {
    await expect(processAvatar(Buffer.from("just some text, named avatar.png"))).rejects.toThrow(
      "This file is not an image",
    );
  });

  it("refuses an SVG, even a valid one with a script", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    await expect(processAvatar(svg)).rejects.toThrow("This image type is not accepted");
  });

  it("refuses a polyglot: a real image carrying markup", async () => {
    const polyglot = Buffer.concat([
      await image("png"),
      Buffer.from("<html><script>alert(1)</script></html>"),
    ]);
    await expect(processAvatar(polyglot)).rejects.toThrow("more than image data");
  });

  it("refuses a pixel flood before decoding it", async () => {
    // A small file that claims 6000 x 6000 pixels.
    const flood = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(flood.length).toBeLessThan(AVATAR_LIMITS.bytes);
    await expect(processAvatar(flood)).rejects.toThrow("too many pixels");
  });

  it("refuses a file over the size limit", async () => {
    await expect(processAvatar(Buffer.alloc(AVATAR_LIMITS.bytes + 1))).rejects.toThrow(AppError);
    await expect(processAvatar(Buffer.alloc(AVATAR_LIMITS.bytes + 1))).rejects.toThrow(
      "The limit is 5 MB",
    );
  });
});

describe("the upload's body limit", () => {
  it("is the avatar's limit with room for the form around it", () => {
    expect(bodyLimitFor("/profile/avatar").bytes).toBe(AVATAR_LIMITS.bytes + 64 * 1024);
  });
});
