import { gotoHydrated } from "../support/browser";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expect, test } from "./fixtures";

// The news editor as staff meet it (docs/product.md#news-management-tab), light and dark, on a
// desktop and a phone: the News Management tab opened by its address, and a schedule time already
// past, warned about under its field. Each view must fit the screen's width. `npm test` checks each
// width once (the desktop light, the phone dark); `npm run screenshots` goes through both themes at
// both widths and saves the pictures in docs/screenshots (tests/support/screenshots.ts).

test.describe.configure({ timeout: 90_000 });

const PASSED =
  "This time has already passed. Choose a later time, or choose Published to publish now.";

test("the news editor and its past-time warning, light and dark, desktop and phone", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  await signedInAs("owner");
  for (const { theme, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await gotoHydrated(page, "/admin/news");
    await expect(page.getByRole("tab", { name: "News Management" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByTestId("manage-news")).toBeVisible();
    const name = `${viewport.name}-${theme}`;
    await screenshot(page, `admin-news-tab-${name}.png`);

    await page.getByLabel("Title", { exact: true }).fill("Harbour festival weekend");
    await page
      .getByLabel("Content", { exact: true })
      .fill("The harbour festival opens on Friday.\n\nCome and play the new build.");
    await page.getByLabel("State", { exact: true }).selectOption("scheduled");
    const past = new Date(Date.now() - 2 * 3_600_000).toISOString().slice(0, 19);
    await page.getByLabel("Publish at").fill(past);
    const warning = page.getByRole("tabpanel").getByText(PASSED, { exact: true });
    await expect(warning).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name}: horizontal overflow`).toBe(0);
    // A full-page capture cut to the form's card (an element capture would show the sticky
    // header over it, where the page was stitched).
    const card = await page
      .getByRole("tabpanel")
      .locator("form")
      .first()
      .locator("xpath=../..")
      .evaluate((el) => {
        window.scrollTo(0, 0);
        const box = el.getBoundingClientRect();
        return { x: box.left, y: box.top, width: box.width, height: box.height };
      });
    await screenshot(page, `news-editor-past-schedule-${name}.png`, {
      fullPage: true,
      clip: {
        x: Math.max(0, card.x - 16),
        y: Math.max(0, card.y - 16),
        width: Math.min(viewport.width, card.width + 32),
        height: card.height + 32,
      },
    });
  }
});
