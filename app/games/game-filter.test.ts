import { describe, expect, it } from "vitest";
import { matchesTitle } from "./game-filter";

describe("matchesTitle", () => {
  const game = { title: "Lanternfly: Ember Tides" };

  it("finds a game by any part of its title, in any case", () => {
    expect(matchesTitle(game, "ember")).toBe(true);
    expect(matchesTitle(game, "LANTERN")).toBe(true);
    expect(matchesTitle(game, "tid")).toBe(true);
  });

  it("needs every word, in any order", () => {
    expect(matchesTitle(game, "tides  lanternfly")).toBe(true);
    expect(matchesTitle(game, "tides ocean")).toBe(false);
  });

  it("refuses a title without the words", () => {
    expect(matchesTitle(game, "Starfall")).toBe(false);
  });
});
