import { describe, expect, it } from "vitest";
import type { MediaImage } from "~/media";
import { cardPicture, keyArtPicture, pictureIdsOf } from "./game-pictures";

// The defaulting rule of a game's pictures (docs/product.md#games): the card shows its uploaded
// image, else the Icon/Image URL, else the first screenshot, else nothing; the key art is its own
// upload, else whatever the card shows.

const CARD = "11111111-1111-4111-8111-111111111111";
const ART = "22222222-2222-4222-8222-222222222222";
const SHOT = "33333333-3333-4333-8333-333333333333";
const SHOT_2 = "44444444-4444-4444-8444-444444444444";

const imageOf = (id: string): MediaImage => ({
  id,
  widths: [480, 960],
  sizes: "100vw",
  width: 960,
  height: 540,
});
const library = (...ids: string[]) => new Map(ids.map((id) => [id, imageOf(id)]));

const game = (over: Partial<Parameters<typeof cardPicture>[0]> = {}) => ({
  title: "Tidewright",
  imageUrl: "",
  gallery: [] as { image: string; alt: string }[],
  cardImage: null as string | null,
  cardImageAlt: null as string | null,
  keyArt: null as string | null,
  keyArtAlt: null as string | null,
  ...over,
});

const everything = game({
  cardImage: CARD,
  cardImageAlt: "A lighthouse keeper at dusk",
  imageUrl: "https://cdn.example/tidewright.png",
  gallery: [{ image: SHOT, alt: "The harbour at night" }],
});

describe("cardPicture", () => {
  it("is the uploaded card image first, with its alt text", () => {
    expect(cardPicture(everything, library(CARD, SHOT))).toEqual({
      source: "upload",
      image: imageOf(CARD),
      alt: "A lighthouse keeper at dusk",
    });
  });

  it("is the Icon/Image URL, described by the title, without an upload", () => {
    const noUpload = { ...everything, cardImage: null, cardImageAlt: null };
    expect(cardPicture(noUpload, library(SHOT))).toEqual({
      source: "url",
      src: "https://cdn.example/tidewright.png",
      alt: "Tidewright",
    });
  });

  it("is the first screenshot with its alt text when neither is set", () => {
    const onlyShots = game({
      gallery: [
        { image: SHOT, alt: "The harbour at night" },
        { image: SHOT_2, alt: "A storm" },
      ],
    });
    expect(cardPicture(onlyShots, library(SHOT, SHOT_2))).toEqual({
      source: "screenshot",
      image: imageOf(SHOT),
      alt: "The harbour at night",
    });
  });

  it("is none without an upload, a URL or a screenshot", () => {
    expect(cardPicture(game({ imageUrl: "   " }), library())).toBeNull();
  });

  it("passes over uploads gone from the library", () => {
    // The card's upload is gone: the URL.
    expect(cardPicture(everything, library(SHOT))?.source).toBe("url");
    // The first screenshot is gone: the next one.
    const shots = game({
      gallery: [
        { image: SHOT, alt: "Gone" },
        { image: SHOT_2, alt: "A storm" },
      ],
    });
    expect(cardPicture(shots, library(SHOT_2))).toMatchObject({ alt: "A storm" });
    expect(cardPicture(shots, library())).toBeNull();
  });
});

describe("keyArtPicture", () => {
  it("is the uploaded key art first", () => {
    const withArt = { ...everything, keyArt: ART, keyArtAlt: "The keeper's lamp over the sea" };
    expect(keyArtPicture(withArt, library(CARD, ART, SHOT))).toEqual({
      source: "upload",
      image: imageOf(ART),
      alt: "The keeper's lamp over the sea",
    });
  });

  it("is the card's picture without it: upload, URL, first screenshot, none", () => {
    expect(keyArtPicture(everything, library(CARD, SHOT))).toMatchObject({ image: imageOf(CARD) });
    expect(keyArtPicture({ ...everything, cardImage: null }, library(SHOT))).toMatchObject({
      source: "url",
    });
    const onlyShot = game({ gallery: [{ image: SHOT, alt: "The harbour at night" }] });
    expect(keyArtPicture(onlyShot, library(SHOT))).toMatchObject({ source: "screenshot" });
    expect(keyArtPicture(game(), library())).toBeNull();
  });
});

describe("pictureIdsOf", () => {
  it("names every upload the pictures may use, once", () => {
    const all = { ...everything, keyArt: ART };
    expect(pictureIdsOf(all)).toEqual([CARD, ART, SHOT]);
    expect(pictureIdsOf(game())).toEqual([]);
  });
});
