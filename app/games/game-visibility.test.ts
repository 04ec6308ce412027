import { describe, expect, it } from "vitest";
import { isListedAt, isReachableAt, storedVisibility, visibilityAt } from "./game-visibility";

const NOW = Date.parse("2031-05-01T12:00:00Z");
const later = new Date(NOW + 60_000);
const earlier = new Date(NOW - 60_000);

describe("game visibility", () => {
  it("judges a stored game at a moment: public, scheduled until its time, unlisted, draft", () => {
    expect(visibilityAt({ visibility: "public", announceAt: null }, NOW)).toBe("public");
    expect(visibilityAt({ visibility: "public", announceAt: later }, NOW)).toBe("scheduled");
    expect(visibilityAt({ visibility: "public", announceAt: later }, later.getTime())).toBe(
      "public",
    );
    expect(visibilityAt({ visibility: "public", announceAt: earlier.toISOString() }, NOW)).toBe(
      "public",
    );
    expect(visibilityAt({ visibility: "unlisted", announceAt: later }, NOW)).toBe("unlisted");
    expect(visibilityAt({ visibility: "draft", announceAt: earlier }, NOW)).toBe("draft");
  });

  it("lists only public games, and opens the page of public and unlisted ones", () => {
    const cases = [
      [{ visibility: "public", announceAt: null }, true, true],
      [{ visibility: "public", announceAt: later }, false, false],
      [{ visibility: "unlisted", announceAt: null }, false, true],
      [{ visibility: "draft", announceAt: null }, false, false],
    ] as const;
    for (const [game, listed, reachable] of cases) {
      expect(isListedAt(game, NOW), JSON.stringify(game)).toBe(listed);
      expect(isReachableAt(game, NOW), JSON.stringify(game)).toBe(reachable);
    }
  });

  it("stores a choice as its columns: a time only for a scheduled game", () => {
    expect(storedVisibility("scheduled", later)).toEqual({
      visibility: "public",
      announceAt: later,
    });
    expect(storedVisibility("public", later)).toEqual({ visibility: "public", announceAt: null });
    expect(storedVisibility("draft", later)).toEqual({ visibility: "draft", announceAt: null });
    expect(storedVisibility("unlisted", null)).toEqual({
      visibility: "unlisted",
      announceAt: null,
    });
  });
});
