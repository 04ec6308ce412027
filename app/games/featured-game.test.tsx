import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { MediaImage } from "~/media";
import { FeaturedGameHero } from "./featured-game";
import type { FeaturedGame } from "./game-pictures";
import type { GameEntry } from "./game-schema";
import { parseTrailer } from "./trailer";

// The featured game's hero as Home renders it on the server (its story): key art fetched first,
// the trailer's poster, the store buttons.

const ART = "22222222-2222-4222-8222-222222222222";
const SHOT = "33333333-3333-4333-8333-333333333333";
const imageOf = (id: string): MediaImage => ({
  id,
  widths: [480, 960, 1600],
  sizes: "100vw",
  width: 1600,
  height: 900,
});

const game: GameEntry = {
  id: "11111111-1111-4111-8111-111111111111",
  title: "Tidewright",
  description: "Keep the lamp lit through the longest storm.",
  imageUrl: "",
  status: "Coming Soon",
  url: "https://play.example/tidewright",
  displayOrder: 1,
  slug: "tidewright",
  about: "",
  gallery: [{ image: SHOT, alt: "The harbour at night" }],
  trailerUrl: "https://youtu.be/dQw4w9WgXcQ",
  platforms: ["Windows"],
  storeLinks: [{ store: "Steam", url: "https://store.steampowered.com/app/1" }],
  releaseDate: null,
  cardImage: null,
  cardImageAlt: null,
  keyArt: ART,
  keyArtAlt: "The lamp over a stormy sea",
  visibility: "public",
  announceAt: null,
};

const render = (featured: FeaturedGame, extra?: string, headingLevel: 1 | 2 = 1) =>
  renderToString(
    <MemoryRouter>
      <FeaturedGameHero featured={featured} headingLevel={headingLevel}>
        {extra && <p>{extra}</p>}
      </FeaturedGameHero>
    </MemoryRouter>,
  );

describe("FeaturedGameHero", () => {
  it("offers a game that is not out a wishlist, never 'Play Game'", () => {
    const upcoming = { ...game, url: "https://store.steampowered.com/app/1/Tidewright/" };
    const html = render({ game: upcoming, keyArt: null, poster: null, trailer: null });
    expect(html).toContain("Wishlist on Steam");
    expect(html).not.toContain("Play Game");
    const out = render({
      game: { ...upcoming, status: "Released" },
      keyArt: null,
      poster: null,
      trailer: null,
    });
    expect(out).toContain("Play Game");
  });

  it("below another hero (Home's), its key art waits: lazy, never ahead of the stylesheet", () => {
    const html = render(
      {
        game,
        keyArt: { source: "upload", image: imageOf(ART), alt: "Art" },
        poster: null,
        trailer: null,
      },
      undefined,
      2,
    );
    const art = html.match(/<img[^>]*alt="Art"[^>]*>/)?.[0] ?? "";
    expect(art).toContain('loading="lazy"');
    expect(art).not.toContain("fetchPriority");
    expect(html).not.toContain('rel="preload"');
    expect(html).toMatch(/<h2[^>]*id="featured-game-heading"/);
  });

  it("shows the key art first and at once, the trailer's poster and the store buttons", () => {
    const html = render({
      game,
      keyArt: { source: "upload", image: imageOf(ART), alt: "The lamp over a stormy sea" },
      poster: { source: "screenshot", image: imageOf(SHOT), alt: "The harbour at night" },
      trailer: parseTrailer(game.trailerUrl!),
    });
    const art = html.match(/<img[^>]*alt="The lamp over a stormy sea"[^>]*>/)?.[0] ?? "";
    expect(art).toContain('fetchPriority="high"');
    expect(art).toContain('loading="eager"');
    expect(art).toContain(
      `srcSet="/media/${ART}/480.webp 480w, /media/${ART}/960.webp 960w, /media/${ART}/1600.webp 1600w"`,
    );
    expect(art).toMatch(/width="1600" height="900"/);
    // The poster waits: lazily, behind a link to the video until the page is interactive.
    const poster = html.match(/<img[^>]*alt="The harbour at night"[^>]*>/)?.[0] ?? "";
    expect(poster).toContain('loading="lazy"');
    expect(html).toContain('aria-label="Play trailer: Tidewright"');
    expect(html).toMatch(/<h1[^>]*id="featured-game-heading"[^>]*>Tidewright<\/h1>/);
    expect(html).toContain('href="/games/tidewright"');
    expect(html).toContain('href="https://store.steampowered.com/app/1"');
    expect(html).toContain('href="https://play.example/tidewright"');
    expect(html).toContain("Coming Soon");
  });

  it("without key art or a trailer: the band alone, with its words and buttons", () => {
    const html = render(
      {
        game: { ...game, storeLinks: [] },
        keyArt: null,
        poster: null,
        trailer: null,
      },
      "Theme: System",
    );
    expect(html).not.toContain("<img");
    // What the page's hero keeps (the theme switcher) comes first.
    expect(html.indexOf("Theme: System")).toBeLessThan(html.indexOf("Tidewright"));
    expect(html).not.toContain("Play trailer");
    expect(html).toContain("Keep the lamp lit through the longest storm.");
    expect(html).toContain('href="/games/tidewright"');
  });
});
