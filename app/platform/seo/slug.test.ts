import { describe, expect, it } from "vitest";
import { SLUG_MAX, SLUG_PATTERN, slugify } from "./slug";

describe("slugify", () => {
  it("makes readable ascii words of a title", () => {
    expect(slugify("Devlog #12: Lanterns & Moths!", "news")).toBe("devlog-12-lanterns-moths");
    expect(slugify("Ça va, Über-Café", "news")).toBe("ca-va-uber-cafe");
  });

  it("falls back when nothing readable is left", () => {
    expect(slugify("🎮🎮", "news")).toBe("news");
    expect(slugify("日本語", "game")).toBe("game");
  });

  it("cuts long titles at a word boundary and always matches the pattern", () => {
    const slug = slugify("word ".repeat(40), "news");
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slug.endsWith("word")).toBe(true);
    expect(slugify(`${"a".repeat(200)}`, "news")).toHaveLength(SLUG_MAX);
  });
});
