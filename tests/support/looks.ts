import { expect, type Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { gotoHydrated } from "./browser";
import { type Combination, combinations } from "./screenshots";

// A screen in the themes and widths a test looks at: each one loaded, checked for horizontal
// overflow and axe violations, and handed to `shoot` for its picture.

/**
 * Each theme and each width checked once (light at 1280 px, dark at 390 px: colours differ by
 * theme, layout by width); all four when taking the pictures.
 */
export const EACH_ONCE = (c: Combination) =>
  (c.device === "desktop" && c.theme === "light") || (c.device === "mobile" && c.theme === "dark");

export async function eachLook(
  page: Page,
  path: string,
  shoot: (name: string) => Promise<void>,
  needed: (c: Combination) => boolean = EACH_ONCE,
) {
  for (const { theme, viewport } of combinations(needed)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await gotoHydrated(page, path);
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path}, ${viewport.name}, ${theme}: horizontal overflow`).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(`${viewport.name}-${theme}`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
}
