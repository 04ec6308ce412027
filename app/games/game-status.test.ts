import { describe, expect, it } from "vitest";
import { DEFAULT_GAME_STATUS, statusBadgeClass } from "./game-status";

describe("game status badges", () => {
  it("uses the spec's colours: Released green, In Development yellow, Coming Soon blue, Canceled red", () => {
    expect(statusBadgeClass("Released")).toContain("green");
    expect(statusBadgeClass("In Development")).toContain("yellow");
    expect(statusBadgeClass("Coming Soon")).toContain("blue");
    expect(statusBadgeClass("Canceled")).toContain("red");
  });

  it("gives any other value a grey badge", () => {
    expect(statusBadgeClass("Beta")).toContain("gray");
  });

  it("a new game defaults to Released", () => {
    expect(DEFAULT_GAME_STATUS).toBe("Released");
  });
});
