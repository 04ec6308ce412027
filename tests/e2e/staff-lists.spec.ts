import type { Page } from "@playwright/test";
import { gotoHydrated } from "../support/browser";
import { E2E_SCALE } from "../support/scale-data";
import { expect, SCALE_URL, test } from "./fixtures";

// The staff lists on the server with long lists (tests/support/scale-data.ts): role management
// finds a user among thousands by address, by name and by role, and pages the rest
// (docs/product.md#role-management).

test.use({ baseURL: SCALE_URL });

const USERS_PAGE = 25;

const userRows = (page: Page) =>
  page.getByRole("listitem").filter({ has: page.getByRole("combobox", { name: /^Role for / }) });

test.describe("role management among thousands of users", () => {
  test.use({ role: "owner" });

  test("finds a user by address or name, filters by role, and pages the rest", async ({ page }) => {
    await gotoHydrated(page, "/role-management");
    await expect(userRows(page)).toHaveCount(USERS_PAGE);
    const firstPage = await userRows(page).locator("p").allTextContents();

    const usersPages = page.getByRole("navigation", { name: "Users pages" });
    await usersPages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/before=/);
    await expect(userRows(page).first().locator("p")).not.toHaveText(firstPage[0]!);
    await expect(userRows(page)).toHaveCount(USERS_PAGE);
    const secondPage = await userRows(page).locator("p").allTextContents();
    expect(secondPage.filter((address) => firstPage.includes(address))).toEqual([]);
    await usersPages.getByRole("link", { name: "Previous" }).click();
    await expect(userRows(page).locator("p")).toHaveText(firstPage);

    const search = page.getByRole("searchbox", { name: "Search users by email or name" });
    const target = `player${E2E_SCALE.users - 7}@users.example`;
    await search.fill(target);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=player/);
    await expect(userRows(page)).toHaveCount(1);
    await expect(page.getByRole("combobox", { name: `Role for ${target}` })).toBeVisible();

    // A name's start; then only the moderators (every 50th user is one).
    await search.fill("Player 123");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(userRows(page).first()).toContainText("player123");
    await search.fill("");
    await page.getByRole("combobox", { name: "Filter by role" }).selectOption("moderator");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/role=moderator/);
    await expect(userRows(page)).toHaveCount(USERS_PAGE);
    for (const select of await userRows(page).getByRole("combobox").all()) {
      await expect(select).toHaveValue("moderator");
    }

    await search.fill("nobody-by-this-name");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No users found")).toBeVisible();
  });
});

test.describe("the admin dashboard's long lists", () => {
  test.use({ role: "admin" });
  const inboxRows = (page: Page) => page.getByTestId("messages-list").locator("tbody tr");

  test("the inbox pages, counts and filters the unread, and finds a message by a word of its text", async ({
    page,
  }) => {
    await gotoHydrated(page, "/admin");
    await expect(inboxRows(page)).toHaveCount(20);
    const unreadBadge = page.getByRole("heading", { name: /^Messages \d+ unread$/ });
    await expect(unreadBadge).toBeVisible();
    const unread = Number((await unreadBadge.textContent())?.match(/(\d+) unread/)?.[1]);
    expect(unread).toBeGreaterThanOrEqual(E2E_SCALE.messages / 3 - 1);

    const first = await inboxRows(page).locator("td:nth-child(2)").allTextContents();
    const pager = page.getByRole("navigation", { name: "Message pages" });
    await pager.getByRole("link", { name: "Older" }).click();
    await expect(page).toHaveURL(/inbox_before=/);
    await expect(inboxRows(page).first().locator("td:nth-child(2)")).not.toHaveText(first[0]!);
    const second = await inboxRows(page).locator("td:nth-child(2)").allTextContents();
    expect(second).toHaveLength(20);
    expect(second.filter((subject) => first.includes(subject))).toEqual([]);

    await page.getByLabel("Unread only").check();
    await page.getByRole("button", { name: "Search" }).first().click();
    await expect(page).toHaveURL(/unread=1/);
    await expect(inboxRows(page)).toHaveCount(20);
    await expect(inboxRows(page).getByRole("img", { name: "Unread" })).toHaveCount(20);

    // The seeded text: 'About the <topic> in message <n>. …' (tests/support/scale-data.ts).
    await page.getByLabel("Unread only").uncheck();
    await page.getByRole("searchbox", { name: "Search messages" }).fill("message 123");
    await page.getByRole("button", { name: "Search" }).first().click();
    await expect(page).toHaveURL(/mq=message\+123/);
    await expect(inboxRows(page).filter({ hasText: "Question 123" }).first()).toBeVisible();
    for (const subject of await inboxRows(page).locator("td:nth-child(2)").allTextContents()) {
      expect(subject).toMatch(/^Question 123\d*$/);
    }
    await inboxRows(page)
      .filter({ hasText: /^Sender 123Question 123/ })
      .first()
      .click();
    await expect(page.getByText("sender123@mail.example")).toBeVisible();
  });

  test("Manage News pages and finds an item by a word", async ({ page }) => {
    await gotoHydrated(page, "/admin/news");
    const items = page.getByTestId("manage-news").locator("li");
    await expect(items).toHaveCount(20);
    const first = await items.locator("p.font-medium").allTextContents();
    await page
      .getByRole("navigation", { name: "News item pages" })
      .getByRole("link", { name: "Older" })
      .click();
    await expect(page).toHaveURL(/\/admin\/news\?news_before=/);
    await expect(items.first().locator("p.font-medium")).not.toHaveText(first[0]!);
    await page.getByRole("searchbox", { name: "Search news items" }).fill("Devlog 42");
    await page.getByRole("button", { name: "Search" }).click();
    // 'Devlog <n>: the <topic> update' (tests/support/scale-data.ts): only n = 42 has the word 42.
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("Devlog 42:");
  });
});
