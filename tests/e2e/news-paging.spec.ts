import type { Page } from "@playwright/test";
import { gotoHydrated } from "../support/browser";
import { E2E_SCALE } from "../support/scale-data";
import { expect, SCALE_URL, test } from "./fixtures";

// The news list in pages of twelve, older and newer, with and without JavaScript, and its search
// (docs/product.md#news-list), on the server with 80 more news items than the demo.

const PAGE_SIZE = 12;

async function titles(page: Page): Promise<string[]> {
  const cards = page.getByTestId("news-card");
  await expect(cards.first()).toBeVisible();
  return cards.getByRole("heading").allTextContents();
}

/** Walks every page by the Older link, then back by the Newer link; answers the pages' titles. */
async function walk(page: Page, start: string) {
  await page.goto(start);
  const pages: string[][] = [await titles(page)];
  const older = page.getByRole("navigation", { name: "News pages" }).getByRole("link", {
    name: "Older posts",
  });
  while ((await older.count()) > 0) {
    await expect(page.locator('head link[rel="next"]')).toHaveCount(1);
    const before = pages.at(-1)!;
    await older.click();
    await expect(page).toHaveURL(/[?&]before=/);
    await expect(page.getByTestId("news-card").first().getByRole("heading")).not.toHaveText(
      before[0]!,
    );
    // Without JavaScript the next page is a new document, streamed: its first cards can show
    // before the page links below them are parsed, so the walk waits for the whole document
    // before it asks whether there is an Older link (a CI run stopped a page early that way).
    await page.waitForLoadState("load");
    pages.push(await titles(page));
  }
  await expect(page.locator('head link[rel="next"]')).toHaveCount(0);
  await expect(page.locator('head link[rel="prev"]')).toHaveCount(pages.length > 1 ? 1 : 0);
  const back: string[][] = [pages.at(-1)!];
  const newer = page.getByRole("navigation", { name: "News pages" }).getByRole("link", {
    name: "Newer posts",
  });
  while ((await newer.count()) > 0) {
    const before = back[0]!;
    await newer.click();
    await expect(page.getByTestId("news-card").first().getByRole("heading")).not.toHaveText(
      before[0]!,
    );
    await page.waitForLoadState("load");
    back.unshift(await titles(page));
  }
  return { pages, back };
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("every news item is on exactly one page, twelve a page, newest first; Newer walks back", async ({
      page,
    }) => {
      const { pages, back } = await walk(page, `${SCALE_URL}/news`);
      const all = pages.flat();
      expect(all.length).toBeGreaterThanOrEqual(E2E_SCALE.news);
      expect(new Set(all).size).toBe(all.length);
      for (const shown of pages.slice(0, -1)) expect(shown).toHaveLength(PAGE_SIZE);
      expect(back).toEqual(pages);
      await expect(page).toHaveURL(/[?&]after=|\/news$/);
    });

    test("a search finds the items with its word, paged the same way, and says when none match", async ({
      page,
    }) => {
      await page.goto(`${SCALE_URL}/news`);
      await page.getByRole("searchbox", { name: "Search news" }).fill("lantern");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/news\?q=lantern$/);
      const { pages } = await walk(page, page.url());
      const found = pages.flat();
      // One in five of the 80 is about the lantern (tests/support/scale-data.ts), beside the demo's.
      expect(found.length).toBeGreaterThanOrEqual(E2E_SCALE.news / 5);
      expect(found.length).toBeLessThan(E2E_SCALE.news);
      for (const title of found) expect(title.toLowerCase()).toContain("lantern");
      await expect(page.getByRole("searchbox", { name: "Search news" })).toHaveValue("lantern");

      await page.goto(`${SCALE_URL}/news?q=${encodeURIComponent("no such words anywhere")}`);
      await expect(
        page.getByRole("heading", { name: "No news matches “no such words anywhere”" }),
      ).toBeVisible();
      await page.getByRole("link", { name: "Show all news" }).click();
      await expect(page).toHaveURL(`${SCALE_URL}/news`);
      await expect(page.getByTestId("news-card")).toHaveCount(PAGE_SIZE);
    });
  });
}

test("a cursor that is not one of ours leads to the list's first page", async ({ page }) => {
  await gotoHydrated(page, `${SCALE_URL}/news?before=not-a-cursor`);
  await expect(page).toHaveURL(`${SCALE_URL}/news`);
  await expect(page.getByTestId("news-card")).toHaveCount(PAGE_SIZE);
});
