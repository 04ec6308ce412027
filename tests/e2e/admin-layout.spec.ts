import { gotoHydrated, reloadHydrated } from "../support/browser";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { newContactMessage, openAdmin, sendContactMessage } from "./admin-support";
import { expect, test } from "./fixtures";

// Every admin tab fits the screen, on a desktop and on a phone: the page never scrolls sideways,
// and the page follows the theme. `npm test` checks each width once (the desktop light, the phone
// dark); `npm run screenshots` goes through both themes at both widths and saves each view in
// test-results/screenshots (tests/support/screenshots.ts).

const TABS = [
  { name: "Contact Messages", file: "messages" },
  { name: "News Management", file: "news" },
  { name: "Game Management", file: "games" },
  { name: "Site Settings", file: "settings" },
] as const;

for (const { device, viewport, theme } of combinations(LAYOUT)) {
  test(`the admin tabs fit a ${device} screen in the ${theme} theme`, { tag: SCREENSHOTS }, async ({
    page,
    signedInAs,
  }) => {
    const message = newContactMessage("Layout check");
    await sendContactMessage(page, message);
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: theme });
    await signedInAs("owner");
    await openAdmin(page);
    if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    if (device === "desktop") {
      // An owner's nine tabs on one row: none left alone on a second.
      const tops = await page
        .getByRole("tab")
        .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
      expect(tops.length).toBeGreaterThanOrEqual(9);
      expect(new Set(tops).size, `tab rows at ${viewport.width} px`).toBe(1);
    }

    for (const tab of TABS) {
      await page.getByRole("tab", { name: tab.name }).click();
      const panel = page.getByRole("tabpanel");
      if (tab.file === "messages") {
        await page
          .getByTestId("messages-list")
          .getByRole("row")
          .filter({ hasText: message.subject })
          .getByRole("button", { name: message.name })
          .click();
        await expect(page.getByTestId("message-detail")).toContainText(message.subject);
      } else if (tab.file === "settings") {
        await expect(panel.getByRole("heading", { name: "Preview" })).toBeVisible();
      } else {
        await expect(panel.getByRole("listitem").first()).toBeVisible();
      }
      await screenshot(page, `admin-tab-${tab.file}-${device}-${theme}.png`, {
        fullPage: true,
        review: true,
      });
      const overflow = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: document.documentElement.clientWidth,
      }));
      expect(overflow.page, `${tab.name} scrolls sideways`).toBeLessThanOrEqual(overflow.screen);
    }
  });
}

test("each tab has its own address: a reload and a shared link keep it", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("owner");
  await openAdmin(page);
  const tab = (name: string) => page.getByRole("tab", { name });
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(tab("Contact Messages")).toHaveAttribute("aria-selected", "true");

  await tab("News Management").click();
  await expect(page).toHaveURL(/\/admin\/news$/);
  await reloadHydrated(page);
  await expect(tab("News Management")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Manage News" })).toBeVisible();

  await tab("Game Management").click();
  await expect(page).toHaveURL(/\/admin\/games$/);
  await reloadHydrated(page);
  await expect(tab("Game Management")).toHaveAttribute("aria-selected", "true");

  // The keyboard moves between tabs too, and the address follows.
  await tab("Game Management").focus();
  await page.keyboard.press("Home");
  await expect(tab("Contact Messages")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(tab("Contact Messages")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(tab("News Management")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\/admin\/news$/);
  await expect(page.getByRole("heading", { name: "Manage News" })).toBeVisible();

  // Each tab is a link: a link to a tab opens it, and so does an old one naming it in the query.
  await expect(tab("Game Management")).toHaveAttribute("href", "/admin/games");
  await gotoHydrated(page, "/admin/games");
  await expect(tab("Game Management")).toHaveAttribute("aria-selected", "true");
  await gotoHydrated(page, "/admin?tab=news&nq=lantern");
  await expect(page).toHaveURL(/\/admin\/news\?nq=lantern$/);
  await expect(tab("News Management")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("searchbox", { name: "Search news items" })).toHaveValue("lantern");
});

test("a tab the role may not open is refused by the server: the first it may opens", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  const response = await page.request.get("/admin/games", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/admin/messages");

  await gotoHydrated(page, "/admin/games");
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByRole("tab", { name: "Game Management" })).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Contact Messages" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await gotoHydrated(page, "/admin?tab=games");
  await expect(page).toHaveURL(/\/admin\/messages$/);
});
