import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { waitForHydration } from "../support/browser";
import { expect, SCALE_URL, test } from "./fixtures";

// The paged and searchable lists (the news list, the inbox, Manage News, Manage Games' title
// filter, role management) in light and dark, on a desktop and a phone, on the server with long
// lists. Each view must fit the screen's width. The pictures go to LIST_SHOTS (a directory) when set, for a person to look at,
// else to the test's output folder.

test.describe.configure({ timeout: 120_000 });
test.use({ baseURL: SCALE_URL });

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;

type View = {
  name: string;
  path: string;
  /** A link to follow first (the next page). */
  open?: string;
  /** A search box to type into in the browser, and what. */
  type?: { box: string; text: string };
  shows?: string;
};

async function shoot(page: Page, testInfo: TestInfo, views: View[]) {
  const dir = process.env.LIST_SHOTS ?? testInfo.outputPath("shots");
  fs.mkdirSync(dir, { recursive: true });
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const viewport of VIEWPORTS) {
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
        await page.screenshot({
          path: path.join(dir, `${view.name}-${viewport.name}-${theme}.png`),
          fullPage: true,
          animations: "disabled",
        });
      }
    }
  }
}

test("the paged news list and its search fit desktop and mobile screens, light and dark", async ({
  page,
}, testInfo) => {
  await shoot(page, testInfo, [
    { name: "news-page-2", path: "/news", open: "Older posts", shows: "news-card" },
    { name: "news-search", path: "/news?q=lantern", shows: "news-card" },
  ]);
});

test("the inbox, Manage News, Manage Games and role management with a search fit, light and dark", async ({
  page,
  signedInAs,
}, testInfo) => {
  await signedInAs("owner");
  await shoot(page, testInfo, [
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
