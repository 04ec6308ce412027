import { describe, expect, it } from "vitest";
import { parseTheme, THEME_KEY, themeScript } from "./theme";

describe("theme", () => {
  it("accepts light and dark and falls back to system for anything else", () => {
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("system")).toBe("system");
    expect(parseTheme("purple")).toBe("system");
    expect(parseTheme(null)).toBe("system");
  });

  it("the head script reads the spec's storage key", () => {
    expect(THEME_KEY).toBe("ui-theme");
    expect(themeScript).toContain('localStorage.getItem("ui-theme")');
  });
});
