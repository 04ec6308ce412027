import type { Locator, Page } from "@playwright/test";
import { gotoHydrated } from "../support/browser";
import {
  combinations,
  EVERY,
  PHONE,
  SCREENSHOTS,
  screenshot,
  TAKING_SCREENSHOTS,
} from "../support/screenshots";
import { newContactMessage, openAdmin, sendContactMessage } from "./admin-support";
import { expect, test } from "./fixtures";

// The staff screens a new owner meets first, on a 390 px phone: the inbox table, Manage Games and
// the API reference show every column and every game's badge and description without scrolling
// sideways inside them. `npm run screenshots` also saves each view light and dark, desktop and
// phone, in docs/screenshots; `npm test` takes no picture (tests/support/screenshots.ts).

/** Each element shows its whole width: nothing hidden behind a sideways scroll. */
async function expectFits(elements: Locator, what: string) {
  const all = await elements.all();
  expect(all.length, `${what}: found`).toBeGreaterThan(0);
  for (const [index, element] of all.entries()) {
    const size = await element.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(size.scroll, `${what} #${index + 1} scrolls sideways`).toBeLessThanOrEqual(size.client);
  }
}

async function expectPageFits(page: Page, what: string) {
  await expectFits(page.locator("html"), what);
}

/**
 * Saves the page in both themes at both widths when taking screenshots (the checks above are the
 * test's; nothing here is checked); `open` brings it to the state to show.
 */
async function shoot(page: Page, name: string, open: () => Promise<void>) {
  if (!TAKING_SCREENSHOTS) return;
  for (const { theme, viewport, device } of combinations(EVERY)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize(viewport);
    await open();
    await screenshot(page, `${name}-${device}-${theme}.png`, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(PHONE);
}

test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

test("on a phone the inbox shows From, Subject, Date and Status without scrolling sideways", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  const message = newContactMessage("Phone inbox");
  await sendContactMessage(page, message);
  await signedInAs("moderator");
  await openAdmin(page);
  const list = page.getByTestId("messages-list");
  const row = list.getByRole("row").filter({ hasText: message.subject });
  await expect(row).toHaveCount(1);

  await expectFits(list, "the inbox table");
  for (const column of ["From", "Subject", "Date", "Status"]) {
    await expect(list.getByRole("columnheader", { name: column })).toBeInViewport({ ratio: 1 });
  }
  // Every column keeps room for its heading and a few letters; none collapses to nothing.
  for (const header of await list.getByRole("columnheader").all()) {
    const text = await header.evaluate((th) => {
      const range = document.createRange();
      range.selectNodeContents(th);
      return { box: th.getBoundingClientRect().width, words: range.getBoundingClientRect().width };
    });
    expect(text.box, `${await header.textContent()} column`).toBeGreaterThan(text.words);
  }
  await expect(row.getByRole("cell").nth(2)).toBeInViewport({ ratio: 1 });
  await expect(row.getByRole("img", { name: "Unread", exact: true })).toBeInViewport();
  await expectPageFits(page, "the admin page");

  await shoot(page, "inbox", async () => {
    await openAdmin(page);
    await expect(list).toBeVisible();
  });
});

test("on a phone Manage Games keeps each badge beside the game's number and gives the description the row's width", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  await signedInAs("developer");
  await openAdmin(page, "Game Management");
  const rows = page.getByTestId("manage-game");
  await expect(rows.first()).toBeVisible();

  await expectFits(rows, "a Manage Games row");
  for (const row of await rows.all()) {
    const number = row.getByTestId("display-order");
    const badge = row.getByText(/^(Released|In Development|Coming Soon|Canceled)$/);
    const description = row.locator("p").last();
    const [numberBox, badgeBox, descriptionBox, rowBox] = await Promise.all(
      [number, badge, description, row].map((l) => l.boundingBox()),
    );
    // The badge stays on one line with the game's number, not wrapped onto a line of its own.
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(Math.abs(middle(badgeBox!) - middle(numberBox!)), "the badge wraps").toBeLessThan(4);
    expect(badgeBox!.height, "the badge's text wraps inside it").toBeLessThan(30);
    expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
    // The description takes most of the row's width, not a sliver beside the thumbnail.
    expect(descriptionBox!.width, "the description's width").toBeGreaterThan(rowBox!.width * 0.7);
  }
  await expectPageFits(page, "the admin page");

  await shoot(page, "manage-games", async () => {
    await openAdmin(page, "Game Management");
    await expect(rows.first()).toBeVisible();
  });
});

test("on a phone the API reference fits, says who may call each endpoint by role and how to send a key", {
  tag: SCREENSHOTS,
}, async ({ page }) => {
  const response = await gotoHydrated(page, "/api/docs");
  expect(response?.status()).toBe(200);
  await expectPageFits(page, "/api/docs");
  const table = page.getByRole("table");
  await expectFits(table.locator(".."), "the endpoint table's region");

  const rows = table.locator("tbody tr");
  const newsRow = rows.filter({ has: page.getByText("/api/v1/news", { exact: true }) });
  await expect(newsRow.filter({ hasText: "GET" }).locator("td").nth(3)).toHaveText("Everyone");
  await expect(newsRow.filter({ hasText: "POST" }).locator("td").nth(3)).toHaveText(
    "Admin and above",
  );
  const rolesRow = rows.filter({ has: page.getByText("/api/v1/user_roles", { exact: true }) });
  await expect(rolesRow.locator("td").nth(3)).toHaveText("Developer and above");
  const queryRow = rows.filter({ has: page.getByText("/api/v1/query", { exact: true }) });
  await expect(queryRow.filter({ hasText: "GET" }).locator("td").nth(3)).toHaveText("Owner only");
  const who = await rows.locator("td:nth-child(4)").allTextContents();
  expect(who.filter((text) => /^can[A-Z]/.test(text.trim()))).toEqual([]);

  // What comes between the heading and the table.
  const intro = page.locator("h1 + *");
  await expect(intro).toContainText("x-api-key");
  await expect(intro).toContainText("Authorization: Bearer");

  await shoot(page, "api-docs", async () => {
    await gotoHydrated(page, "/api/docs");
  });
});
