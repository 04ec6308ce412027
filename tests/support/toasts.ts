import { expect, type Locator, type Page } from "@playwright/test";

// The toasts (sonner) in the browser tests. The site shows one at a time (visibleToasts 1); older
// ones wait hidden in the page (data-visible="false").

const SEEN = "data-seen-by-test";

/**
 * The toast on screen with this title and, if given, this description (a string matches exactly,
 * a RegExp anywhere), not yet matched by an earlier `expectToast`.
 */
export function toast(page: Page, title: string | RegExp, description?: string | RegExp): Locator {
  const part = (selector: string, text: string | RegExp) =>
    page.locator(selector).getByText(text, { exact: typeof text === "string" });
  const found = page
    .locator(`[data-sonner-toast][data-visible="true"]:not([${SEEN}])`)
    .filter({ has: part("[data-title]", title) });
  return description === undefined
    ? found
    : found.filter({ has: part("[data-description]", description) });
}

/**
 * Asserts a new toast is on screen, waiting as long as the project's expect timeout allows: one
 * that appeared since the last `expectToast`, so the same message shown twice in a row is told
 * apart.
 */
export async function expectToast(
  page: Page,
  title: string | RegExp,
  description?: string | RegExp,
): Promise<void> {
  await expect(toast(page, title, description)).toBeVisible();
  await page.locator("[data-sonner-toast]").evaluateAll((toasts, seen) => {
    for (const element of toasts) element.setAttribute(seen, "");
  }, SEEN);
}

/**
 * Records the title of every toast shown in this page from now on, even one that is gone again
 * before the test looks (a busy machine can take longer than a toast stays). Returns a reader.
 */
export async function recordToastTitles(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const titles: string[] = [];
    const seen = new WeakSet<Element>();
    Object.assign(window, { recordedToastTitles: titles });
    new MutationObserver(() => {
      for (const title of document.querySelectorAll("[data-sonner-toast] [data-title]")) {
        if (seen.has(title)) continue;
        seen.add(title);
        titles.push(title.textContent ?? "");
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { recordedToastTitles: string[] }).recordedToastTitles,
    );
}
