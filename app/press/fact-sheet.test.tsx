import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { GameEntry } from "~/games";
import { FactSheet } from "./fact-sheet";
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
});
