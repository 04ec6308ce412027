import { describe, expect, it } from "vitest";
import { mailImageSrc } from "./mail-body.server";

describe("mailImageSrc", () => {
  const site = "https://studio.example";
  const upload = "2f1d9a3e-7c1b-4a55-8f43-6f1f0d0f5a22";
  it("gives an upload of the site, by path or absolute, as its JPEG for mail", () => {
    expect(mailImageSrc(site, `/media/${upload}/960.webp`)).toBe(
      `${site}/media/${upload}/mail.jpg`,
    );
    expect(mailImageSrc(site, `${site}/media/${upload}`)).toBe(`${site}/media/${upload}/mail.jpg`);
  });
  it("leaves other images as they are, made absolute when they are the site's", () => {
    expect(mailImageSrc(site, "https://cdn.example/media/x.webp")).toBe(
      "https://cdn.example/media/x.webp",
    );
    expect(mailImageSrc(site, "/media/site/abc/logo-128.png")).toBe(
      `${site}/media/site/abc/logo-128.png`,
    );
  });
});
