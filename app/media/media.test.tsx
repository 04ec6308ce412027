import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bodyLimitFor } from "~/platform/server/request-limits.server";
import { ImageUpload } from "./image-upload";
import { mediaIdFromPath, mediaImage } from "./media.server";
import { imageSrc, imageSrcset, MEDIA_MAX_BYTES, MEDIA_TOO_LARGE } from "./media-limits";
import { ResponsiveImage } from "./responsive-image";

const ID = "0b9c7f3e-2a41-4c57-9d4e-5f1a2b3c4d5e";

describe("mediaImage", () => {
  it("is the largest stored width with every width in srcset", () => {
    const image = mediaImage({ id: ID, width: 2400, height: 1600, widths: [960, 480, 1600] });
    // A page's data carries the id and the widths, not every file's address (twice).
    expect(image).toEqual({
      id: ID,
      widths: [480, 960, 1600],
      sizes: "100vw",
      width: 1600,
      height: 1067,
    });
    expect(imageSrc(image)).toBe(`/media/${ID}/1600.webp`);
    expect(imageSrcset(image)).toBe(
      `/media/${ID}/480.webp 480w, /media/${ID}/960.webp 960w, /media/${ID}/1600.webp 1600w`,
    );
  });

  it("takes the sizes it is given; a small original is its own size", () => {
    const image = mediaImage({ id: ID, width: 300, height: 200, widths: [300] }, "20rem");
    expect(image).toEqual({ id: ID, widths: [300], sizes: "20rem", width: 300, height: 200 });
    expect(imageSrc(image)).toBe(`/media/${ID}/300.webp`);
    expect(imageSrcset(image)).toBe(`/media/${ID}/300.webp 300w`);
  });

  it("adds a signed link's query to each file's address", () => {
    const image = {
      ...mediaImage({ id: ID, width: 1200, height: 600, widths: [480, 960] }),
      query: "?k=1&s=2",
    };
    expect(imageSrc(image)).toBe(`/media/${ID}/960.webp?k=1&s=2`);
    expect(imageSrcset(image)).toBe(
      `/media/${ID}/480.webp?k=1&s=2 480w, /media/${ID}/960.webp?k=1&s=2 960w`,
    );
  });
});

describe("mediaIdFromPath", () => {
  it("reads an upload's id from its path or one of its files", () => {
    expect(mediaIdFromPath(`/media/${ID}`)).toBe(ID);
    expect(mediaIdFromPath(`/media/${ID}/960.webp`)).toBe(ID);
    expect(mediaIdFromPath(`/media/${ID.toUpperCase()}`)).toBe(ID);
  });

  it.each([
    "",
    "/media",
    "/media/",
    "/media/not-a-uuid",
    `/media/${ID}/`,
    `/media/${ID}/960.png`,
    `/media/${ID}/960.webp?x=1`,
    `/media/${ID}/../960.webp`,
    `https://example.com/media/${ID}`,
    `media/${ID}`,
    `/avatars/${ID}/avatar.webp`,
    `/media/${ID}x`,
  ])("is null for %j", (src) => {
    expect(mediaIdFromPath(src)).toBeNull();
  });
});

describe("ResponsiveImage", () => {
  const image = mediaImage({ id: ID, width: 1200, height: 600, widths: [480, 960] });

  it("renders a lazy image with its srcset and intrinsic size", () => {
    const html = renderToString(<ResponsiveImage image={image} alt="A ship" className="w-full" />);
    expect(html).toContain(`src="/media/${ID}/960.webp"`);
    expect(html).toContain(`srcSet="/media/${ID}/480.webp 480w, /media/${ID}/960.webp 960w"`);
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain('width="960"');
    expect(html).toContain('height="480"');
    expect(html).toContain('alt="A ship"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('class="w-full"');
    expect(html).not.toContain("fetchPriority");
  });

  it("loads a priority image at once, first", () => {
    const html = renderToString(<ResponsiveImage image={image} alt="" sizes="50vw" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('sizes="50vw"');
    expect(html).toContain('alt=""');
  });
});

describe("ImageUpload", () => {
  it("renders a labelled image picker, disabled until the page's script runs", () => {
    const html = renderToString(<ImageUpload label="Upload cover image" onUploaded={() => {}} />);
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`for="${id}"`);
    expect(html).toContain(">Upload cover image</label>");
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/gif,image/avif"');
    expect(html).toMatch(/<input[^>]* disabled=""/);
    expect(html).toContain("up to 10 MB");
  });
});

describe("the upload's body limit", () => {
  it("is the media limit with room for the form around it, refused as JSON", () => {
    const limit = bodyLimitFor("/media/upload");
    expect(limit.bytes).toBe(MEDIA_MAX_BYTES + 64 * 1024);
    expect(limit.answer).toBe("api");
    expect(limit.message).toBe(MEDIA_TOO_LARGE);
  });
});
