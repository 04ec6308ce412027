import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { submissionOf } from "~/platform/forms/submission.server";
import { SLUG_RULE } from "~/platform/seo/slug";
import { GAME_PAGE_RULES, GameSchema, ReorderSchema } from "./game-schema";
import { STORE_LINK_RULES } from "./store-links";
import { TRAILER_RULE } from "./trailer";

/** The form as the admin action parses it, with each field's first message (what the form shows). */
function parsedForm(schema: z.ZodType<Record<string, unknown>>, values: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  const submission = submissionOf(form, schema);
  if (submission.status === "success") return { value: submission.value, errors: {} };
  const errors = Object.entries(submission.error ?? {}).map(([field, m]) => [field, m?.[0]]);
  return { value: undefined, errors: Object.fromEntries(errors) };
}
const ok = (
  values: Record<string, string>,
  schema: z.ZodType<Record<string, unknown>> = GameSchema,
) => parsedForm(schema, values).value !== undefined;

const good = {
  title: "Tidewright",
  description: "Sail.",
  imageUrl: "https://cdn.example.com/t.png",
  status: "Coming Soon",
  url: "https://store.example.com/t",
};

describe("game form schema", () => {
  it("accepts a full game and defaults the status to Released", () => {
    expect(ok(good)).toBe(true);
    const { status: _status, ...withoutStatus } = good;
    expect(parsedForm(GameSchema, withoutStatus).value).toMatchObject({ status: "Released" });
  });

  // The form sends its uploaded card image and its screenshots (both empty here) with the card.
  const asTheFormSends = { ...good, cardImage: "", cardImageAlt: "", gallery: "[]" };

  it("says 'Please fill in all fields' for any blank field", () => {
    for (const field of ["title", "description", "imageUrl", "url"]) {
      expect(parsedForm(GameSchema, { ...asTheFormSends, [field]: "  " }).errors).toEqual({
        [field]: "Please fill in all fields",
      });
    }
  });

  it("needs no Icon/Image URL when the card has an uploaded image or a screenshot", () => {
    const upload = "0b9c7f3e-2a41-4c57-9d4e-5f1a2b3c4d5e";
    const card = { ...asTheFormSends, imageUrl: "", cardImage: upload, cardImageAlt: "A ship" };
    expect(parsedForm(GameSchema, card).value).toMatchObject({
      imageUrl: "",
      cardImage: upload,
      cardImageAlt: "A ship",
    });
    const shot = JSON.stringify([{ image: upload, alt: "The harbour" }]);
    expect(ok({ ...asTheFormSends, imageUrl: "", gallery: shot })).toBe(true);
    // Left out (an API update), the stored ones count: the server judges it.
    expect(ok({ ...good, imageUrl: "" })).toBe(true);
  });

  it("needs alt text for an uploaded card image or key art, and refuses what is no upload", () => {
    const upload = "0b9c7f3e-2a41-4c57-9d4e-5f1a2b3c4d5e";
    expect(parsedForm(GameSchema, { ...good, cardImage: upload }).errors).toEqual({
      cardImageAlt: GAME_PAGE_RULES.cardImageAlt,
    });
    expect(parsedForm(GameSchema, { ...good, keyArt: upload, keyArtAlt: " " }).errors).toEqual({
      keyArtAlt: GAME_PAGE_RULES.keyArtAlt,
    });
    expect(
      parsedForm(GameSchema, { ...good, keyArt: "../etc/passwd", keyArtAlt: "Art" }).errors,
    ).toEqual({
      keyArt: GAME_PAGE_RULES.keyArtGone,
    });
    // Empty clears a picture and its alt text.
    expect(parsedForm(GameSchema, { ...good, keyArt: "", keyArtAlt: "" }).value).toMatchObject({
      keyArt: null,
      keyArtAlt: null,
    });
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,x",
    "ftp://x.example",
    "//evil.example/x",
    "vbscript:x",
  ])("refuses the game link %s", (url) => {
    expect(parsedForm(GameSchema, { ...good, url }).errors).toEqual({
      url: "Game Link must start with http:// or https://",
    });
  });

  it("allows an image on this site by path, but not a protocol-relative one", () => {
    expect(ok({ ...good, imageUrl: "/images/games/t.svg" })).toBe(true);
    expect(ok({ ...good, imageUrl: "//evil.example/t.svg" })).toBe(false);
    expect(ok({ ...good, imageUrl: "javascript:alert(1)" })).toBe(false);
  });

  it("reorder takes a JSON list of ids", () => {
    expect(parsedForm(ReorderSchema, { ids: '["a","b"]' }).value).toEqual({ ids: ["a", "b"] });
    expect(ok({ ids: "[1,2]" }, ReorderSchema)).toBe(false);
    expect(ok({ ids: "nope" }, ReorderSchema)).toBe(false);
  });
});

describe("the game page's fields", () => {
  const IMAGE = "0b4e7f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
  const page = (values: Record<string, string>) => parsedForm(GameSchema, { ...good, ...values });

  it("are optional: a form without them leaves them out (an update keeps what is stored)", () => {
    const { value } = parsedForm(GameSchema, good);
    const fields = ["slug", "about", "trailerUrl", "platforms", "storeLinks", "releaseDate"];
    for (const field of [...fields, "gallery"]) {
      expect(value).not.toHaveProperty(field);
    }
  });

  it("sent empty, they clear: no address (made from the title), no trailer, empty lists", () => {
    const fields = [
      "slug",
      "about",
      "trailerUrl",
      "platforms",
      "storeLinks",
      "releaseDate",
      "gallery",
    ];
    const { value } = page(Object.fromEntries(fields.map((field) => [field, ""])));
    expect(value).toMatchObject({
      slug: "",
      about: "",
      trailerUrl: null,
      platforms: [],
      storeLinks: [],
      releaseDate: null,
      gallery: [],
    });
  });

  it("reads them as the form writes them", () => {
    const { value } = page({
      slug: "lantern-keeper",
      about: "  ## Story\n\nText.  ",
      trailerUrl: "https://youtu.be/dQw4w9WgXcQ",
      platforms: "Windows, macOS,, Nintendo Switch, windows",
      storeLinks: "Steam https://store.steampowered.com/app/1\nhttps://x.itch.io/y",
      releaseDate: "2024-02-29",
      gallery: JSON.stringify([{ image: IMAGE.toUpperCase(), alt: " The harbour at dusk " }]),
    });
    expect(value).toMatchObject({
      slug: "lantern-keeper",
      about: "## Story\n\nText.",
      trailerUrl: "https://youtu.be/dQw4w9WgXcQ",
      platforms: ["Windows", "macOS", "Nintendo Switch"],
      storeLinks: [
        { store: "Steam", url: "https://store.steampowered.com/app/1" },
        { store: "itch.io", url: "https://x.itch.io/y" },
      ],
      releaseDate: "2024-02-29",
      gallery: [{ image: IMAGE, alt: "The harbour at dusk" }],
    });
  });

  it("takes the API's lists as lists", () => {
    const result = GameSchema.safeParse({
      ...good,
      platforms: ["Windows", "Linux"],
      storeLinks: [{ url: "https://store.steampowered.com/app/1" }],
      gallery: [{ image: IMAGE, alt: "Harbour" }],
    });
    expect(result.data).toMatchObject({
      platforms: ["Windows", "Linux"],
      storeLinks: [{ store: "Steam", url: "https://store.steampowered.com/app/1" }],
      gallery: [{ image: IMAGE, alt: "Harbour" }],
    });
  });

  it.each([
    [{ slug: "Lantern Keeper" }, "slug", SLUG_RULE],
    [{ slug: "a--b" }, "slug", SLUG_RULE],
    [{ slug: "x".repeat(81) }, "slug", "Address must be at most 80 characters"],
    [{ about: "x".repeat(20_001) }, "about", "Page text must be at most 20000 characters"],
    [{ about: "a\u0000b" }, "about", "Page text must not contain control characters"],
    [{ trailerUrl: "https://example.com/video.mp4" }, "trailerUrl", TRAILER_RULE],
    [{ trailerUrl: "javascript:alert(1)" }, "trailerUrl", TRAILER_RULE],
    [{ trailerUrl: "https://youtu.be/dQw4w9WgXcQ\u0000" }, "trailerUrl", TRAILER_RULE],
    [
      { platforms: Array.from({ length: 13 }, (_, i) => `P${i}`).join(",") },
      "platforms",
      "At most 12 platforms",
    ],
    [{ platforms: "x".repeat(41) }, "platforms", "Each platform must be at most 40 characters"],
    [{ storeLinks: "Steam ftp://x" }, "storeLinks", STORE_LINK_RULES.http],
    [{ releaseDate: "2023-02-29" }, "releaseDate", GAME_PAGE_RULES.releaseDate],
    [{ releaseDate: "12/10/2023" }, "releaseDate", GAME_PAGE_RULES.releaseDate],
    [
      { gallery: JSON.stringify([{ image: IMAGE, alt: "  " }]) },
      "gallery",
      "Every screenshot needs alt text",
    ],
    [{ gallery: JSON.stringify([{ image: IMAGE }]) }, "gallery", "Every screenshot needs alt text"],
    [
      { gallery: JSON.stringify([{ image: "not-an-id", alt: "A" }]) },
      "gallery",
      GAME_PAGE_RULES.screenshotGone,
    ],
    [
      { gallery: JSON.stringify(Array.from({ length: 13 }, () => ({ image: IMAGE, alt: "A" }))) },
      "gallery",
      "At most 12 screenshots",
    ],
    [{ gallery: "{not json" }, "gallery", GAME_PAGE_RULES.gallery],
    [{ gallery: '{"image":"x"}' }, "gallery", GAME_PAGE_RULES.gallery],
  ])("refuses %o on its field", (values, field, message) => {
    expect(page(values as Record<string, string>).errors).toEqual({ [field]: message });
  });

  it("the card's messages stay as they are beside the page's fields", () => {
    expect(page({ title: " ", trailerUrl: "https://youtu.be/dQw4w9WgXcQ" }).errors).toEqual({
      title: "Please fill in all fields",
    });
  });
});
