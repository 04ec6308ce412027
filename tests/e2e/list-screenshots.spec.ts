import type { Page } from "@playwright/test";
import { waitForHydration } from "../support/browser";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expect, SCALE_URL, test } from "./fixtures";

// The paged and searchable lists (the news list, the inbox, Manage News, Manage Games' title
// filter, role management) on a desktop and a phone, on the server with long lists: each view must
// fit the screen's width. `npm test` checks each width once (the desktop light, the phone dark);
// `npm run screenshots` goes through both themes at both widths and saves each view in
// test-results/screenshots (tests/support/screenshots.ts).

test.describe.configure({ timeout: 120_000 });
test.use({ baseURL: SCALE_URL });

type View = {
  name: string;
  path: string;
  /** A link to follow first (the next page). */
  open?: string;
  /** A search box to type into in the browser, and what. */
  type?: { box: string; text: string };
  shows?: string;
};

async function shoot(page: Page, views: View[]) {
  for (const { theme, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const view of views) {
      await page.goto(view.path);
      await waitForHydration(page);
      if (view.open) {
        await page.getByRole("link", { name: view.open }).click();
        await expect(page).toHaveURL(/before=/);
      }
      if (view.type)
        await page.getByRole("searchbox", { name: view.type.box }).fill(view.type.text);
      if (view.shows) await expect(page.getByTestId(view.shows).first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${view.name}, ${viewport.name}, ${theme}: horizontal overflow`).toBe(0);
      await screenshot(page, `list-${view.name}-${viewport.name}-${theme}.png`, {
        fullPage: true,
        review: true,
      });
    }
  }
}

test("the paged news list and its search fit desktop and mobile screens, light and dark", {
  tag: SCREENSHOTS,
}, async ({ page }) => {
  await shoot(page, [
    { name: "news-page-2", path: "/news", open: "Older posts", shows: "news-card" },
    { name: "news-search", path: "/news?q=lantern", shows: "news-card" },
  ]);
});

test("the inbox, Manage News, Manage Games and role management with a search fit, light and dark", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  await signedInAs("owner");
  await shoot(page, [
    { name: "inbox-search", path: "/admin/messages?mq=lantern&unread=1", shows: "messages-list" },
    { name: "manage-news-search", path: "/admin/news?nq=lantern", shows: "manage-news" },
    {
      name: "manage-games-filter",
      path: "/admin/games",
      type: { box: "Filter games by title", text: "o" },
      shows: "manage-game",
    },
    { name: "roles-search", path: "/role-management?q=player12" },
  ]);
});
