import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";

// The pictures in docs/screenshots are taken by the browser tests, but only by `npm run
// screenshots` (SCREENSHOTS=1): `npm test` runs the same tests and their checks (axe, nothing wider
// than the screen, the texts) without writing a picture, and only in the theme × width
// combinations whose checks differ (`combinations`). A test that exists only for its pictures is
// tagged SCREENSHOTS_ONLY and runs only in the screenshots command (playwright.config.ts).

/** True in `npm run screenshots`: pictures are written, in every theme at every width. */
export const TAKING_SCREENSHOTS = process.env.SCREENSHOTS === "1";

/** The tag of every test that takes pictures: `npm run screenshots` runs these. */
export const SCREENSHOTS = "@screenshots";
/** The tags of a test whose only purpose is its pictures: left out of `npm test`. */
export const SCREENSHOTS_ONLY = ["@screenshots", "@screenshots-only"];

/** The pictures the docs show (committed); SCREENSHOTS_DIR moves them, e.g. to compare. */
export const DOCS_SCREENSHOTS = path.resolve(process.env.SCREENSHOTS_DIR ?? "docs/screenshots");
/** Pictures for a person to look at that no page of the docs shows (not committed). */
export const REVIEW_SCREENSHOTS = path.resolve(
  process.env.SCREENSHOTS_REVIEW_DIR ?? "test-results/screenshots",
);

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DESKTOP = { name: "desktop", width: 1280, height: 800 } as const;
export const PHONE = { name: "mobile", width: 390, height: 844 } as const;
export const VIEWPORTS = [DESKTOP, PHONE] as const;
export type Viewport = (typeof VIEWPORTS)[number];
export type Combination = { theme: Theme; viewport: Viewport; device: Viewport["name"] };

/**
 * A check that does not depend on the theme (nothing wider than the screen, what is shown): each
 * width once, the desktop light and the phone dark, so a theme's own checks (the dark class) still
 * run in both themes.
 */
export const LAYOUT = (c: Combination) =>
  (c.device === "desktop" && c.theme === "light") || (c.device === "mobile" && c.theme === "dark");
/** A check that differs in every combination (axe: contrast differs by theme, content by width). */
export const EVERY = (_: Combination) => true;
/** A check that is the same in every combination: the desktop light only. */
export const ONCE = (c: Combination) => c.device === "desktop" && c.theme === "light";
/** No check: the combinations are there only for the pictures. */
export const NONE = (_: Combination) => false;

/**
 * The theme × width combinations a test goes through, themes outermost: all four when taking
 * screenshots, else only those `needed` keeps.
 */
export function combinations(needed: (c: Combination) => boolean): Combination[] {
  const all = THEMES.flatMap((theme) =>
    VIEWPORTS.map((viewport) => ({ theme, viewport, device: viewport.name })),
  );
  return TAKING_SCREENSHOTS ? all : all.filter(needed);
}

type Options = NonNullable<Parameters<Page["screenshot"]>[0]> & {
  /** For a person to look at, not shown by the docs: written to REVIEW_SCREENSHOTS. */
  review?: boolean;
};

/**
 * Saves a picture of a page or an element as `file` in docs/screenshots (or, `review`, in
 * test-results/screenshots), only when taking screenshots; in `npm test` it does nothing.
 * Animations are stopped unless the options say otherwise.
 */
export async function screenshot(target: Page | Locator, file: string, options: Options = {}) {
  if (!TAKING_SCREENSHOTS) return;
  const { review, ...rest } = options;
  const dir = review ? REVIEW_SCREENSHOTS : DOCS_SCREENSHOTS;
  fs.mkdirSync(dir, { recursive: true });
  const settings = { animations: "disabled" as const, ...rest, path: path.join(dir, file) };
  if ("goto" in target) await target.screenshot(settings);
  else await target.screenshot(settings as Parameters<Locator["screenshot"]>[0]);
}
