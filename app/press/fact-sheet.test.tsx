import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { GameEntry } from "~/games";
import { FactSheet, PRINTED_FEATURES } from "./fact-sheet";
import { kitDataOf } from "./kit-schema";

// The game kit's fact sheet as the server renders it: the studio's location is its own fact, never
// glued to the developer's name (the settings' location is free text, as the demo's sentence is).

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
  gallery: [],
  trailerUrl: "",
  platforms: ["Windows"],
  storeLinks: [],
  releaseDate: null,
  cardImage: null,
  cardImageAlt: null,
  keyArt: null,
  keyArtAlt: null,
  visibility: "public",
  announceAt: null,
};

/** Each fact's term and text, in order. */
function facts(html: string): [string, string][] {
  const text = (s: string) => s.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");
  return [...html.matchAll(/<dt[^>]*>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map((m) => [
    text(m[1]!),
    text(m[2]!),
  ]);
}

const render = (kit: Partial<ReturnType<typeof kitDataOf>>, location: string) =>
  facts(
    renderToString(
      <FactSheet
        game={game}
        kit={{ ...kitDataOf({}), ...kit }}
        studio={{ name: "Harbour Lights", pressEmail: "", location }}
        base="/press/tidewright"
      />,
    ),
  );

describe("FactSheet", () => {
  it("names the studio as developer and says where it is based on a line of its own", () => {
    const shown = render({}, "Remote-first, based in Lisbon, Portugal");
    expect(shown).toContainEqual(["Developer", "Harbour Lights"]);
    expect(shown).toContainEqual(["Based in", "Remote-first, based in Lisbon, Portugal"]);
    expect(shown.findIndex(([term]) => term === "Based in")).toBe(
      shown.findIndex(([term]) => term === "Developer") + 1,
    );
  });

  it("leaves the studio's location out when another developer made the game, or none is set", () => {
    expect(render({ developer: "Tide Works" }, "Lisbon").map(([term]) => term)).not.toContain(
      "Based in",
    );
    expect(render({ developer: "Tide Works" }, "Lisbon")).toContainEqual([
      "Developer",
      "Tide Works",
    ]);
    expect(render({}, "").map(([term]) => term)).not.toContain("Based in");
  });

  const image = (id: string) => ({
    id,
    widths: [480],
    sizes: "100vw",
    width: 480,
    height: 240,
  });
  const sheet = (props: Partial<Parameters<typeof FactSheet>[0]> = {}) =>
    renderToString(
      <FactSheet
        game={game}
        kit={kitDataOf({})}
        studio={{ name: "Harbour Lights", pressEmail: "", location: "" }}
        base="/press/tidewright"
        {...props}
      />,
    );

  it("prints the logo, key art, description, features and the first quote above the facts", () => {
    const features = Array.from({ length: 8 }, (_, i) => `Feature number ${i + 1}`);
    const html = sheet({
      kit: {
        ...kitDataOf({}),
        features,
        quotes: [
          {
            text: "A lamp worth keeping.",
            author: "Ana Writer",
            outlet: "Example Games",
            link: "",
          },
          { text: "Second quote.", author: "Bo", outlet: "", link: "" },
        ],
      },
      logo: { image: image("logo"), alt: "Tidewright logo" },
      keyArt: { source: "upload", image: image("art"), alt: "Lighthouse in a storm" },
    });
    const opening = html
      .slice(html.indexOf('data-testid="printed-opening"'), html.indexOf("<dl"))
      .replace(/<!-- -->/g, "");
    // Shown in print only: the page has its own sections for all of it.
    expect(html).toMatch(/class="press-print-opening hidden print:block"/);
    expect(opening).toContain('alt="Tidewright logo"');
    expect(opening).toContain('alt="Lighthouse in a storm"');
    expect(opening).toContain("Keep the lamp lit through the longest storm.");
    for (const feature of features.slice(0, PRINTED_FEATURES)) expect(opening).toContain(feature);
    // One page: the first features and one quote, no more.
    expect(opening).not.toContain(features[PRINTED_FEATURES]);
    expect(opening).toContain("“A lamp worth keeping.”");
    expect(opening).toContain("Ana Writer, Example Games");
    expect(opening).not.toContain("Second quote.");
  });

  it("offers only the zips that have something in them", () => {
    const both = sheet();
    expect(both).toContain('href="/press/tidewright/images.zip"');
    expect(both).toContain('href="/press/tidewright/logos.zip"');
    const noLogos = sheet({ downloads: { images: true, logos: false } });
    expect(noLogos).toContain('href="/press/tidewright/images.zip"');
    expect(noLogos).not.toContain("logos.zip");
    expect(noLogos).toContain('href="/press/tidewright/data.xml"');
  });
});
