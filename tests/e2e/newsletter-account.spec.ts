import type { Browser, Page } from "@playwright/test";
import { gotoHydrated } from "../support/browser";
import { registerAccount, waitForMail } from "../support/browser-accounts";
import {
  combinations,
  LAYOUT,
  SCREENSHOTS,
  screenshot,
  TAKING_SCREENSHOTS,
} from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { uniqueEmail } from "../support/users";
import { expect, type SignedInAs, test } from "./fixtures";
import { openProfile } from "./profile-helpers";

// Subscribing from a news article, and a signed-in account's newsletter
// (docs/product.md#newsletter-subscribing, docs/product.md#settings-tab): the Settings tab's switch
// and games' lists, the data export, and the account's deletion.

test.describe.configure({ timeout: 60_000 });

/** The first article of the demo's news list. */
async function firstArticle(page: Page): Promise<string> {
  const list = await page.request.get("/news").then((r) => r.text());
  const href = list.match(/href="(\/news\/[a-z0-9-]+)"/)?.[1];
  expect(href, "an article in the demo's news").toBeDefined();
  return href!;
}

/** The Subscribers tab's row of an address, seen by an admin in a browser of its own. */
async function subscriberRow(browser: Browser, signedInAs: SignedInAs, email: string) {
  const context = await browser.newContext();
  await signedInAs("admin", context);
  const admin = await context.newPage();
  await gotoHydrated(admin, "/admin/subscribers");
  const row = admin.getByTestId("subscriber-row").filter({ hasText: email });
  return { row, close: () => context.close() };
}

test("subscribe on a news article, confirm from the mail, listed as confirmed", async ({
  page,
  browser,
  signedInAs,
}) => {
  const email = uniqueEmail("article");
  const article = await firstArticle(page);
  await gotoHydrated(page, article);
  const form = page.getByRole("region", { name: "Get the news by mail" });
  await expect(form).toBeVisible();
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText("Check your inbox to confirm");

  const mail = await waitForMail(email, { subject: /Confirm your subscription/ });
  const link = mail.links.find((url) => url.includes("/newsletter/confirm?token="));
  expect(link).toBeDefined();
  const reader = await browser.newContext();
  const opened = await reader.newPage();
  await opened.goto(link!);
  await opened.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(opened.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
  await reader.close();

  const { row, close } = await subscriberRow(browser, signedInAs, email);
  await expect(row).toContainText("Confirmed");
  await close();
});

test("the Settings tab's switch subscribes and unsubscribes the account; the export shows it; deleting the account erases it", async ({
  page,
  browser,
  signedInAs,
}) => {
  const account = await registerAccount(page, uniqueEmail("switch"));
  await openProfile(page, "settings");
  const notifications = page.getByRole("switch", { name: "Email Notifications", exact: true });
  await expect(notifications).not.toBeChecked();

  // On: the verified address is subscribed at once, no mail needed.
  await notifications.check();
  const games = page.getByRole("group", { name: "Game news by mail" });
  const firstGame = games.getByRole("checkbox").first();
  const gameLabel = (await games.locator("label").first().textContent())!.trim();
  await firstGame.check();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings updated successfully");
  await openProfile(page, "settings");
  await expect(notifications).toBeChecked();
  await expect(firstGame).toBeChecked();
  let admin = await subscriberRow(browser, signedInAs, account.email);
  await expect(admin.row).toContainText("Confirmed");
  await expect(admin.row.locator("td").nth(2)).toHaveText("2");
  await admin.close();

  // The data export carries the subscription and its consent.
  const exported = await page.request.get("/profile/export").then((r) => r.json());
  expect(exported.newsletter).toMatchObject({
    email: account.email.toLowerCase(),
    status: "confirmed",
  });
  // The demo studio's list, by the one name it has everywhere.
  expect(exported.newsletter.lists.sort()).toEqual([gameLabel, "Lanternfly Games news"].sort());
  expect(exported.newsletter.consents[0]).toMatchObject({ form: "profile" });

  // Off: unsubscribed from the studio's list, the game's list kept.
  await notifications.uncheck();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings updated successfully");
  await openProfile(page, "settings");
  await expect(notifications).not.toBeChecked();
  await expect(firstGame).toBeChecked();
  admin = await subscriberRow(browser, signedInAs, account.email);
  await expect(admin.row).toContainText("Confirmed");
  await expect(admin.row.locator("td").nth(2)).toHaveText("1");
  await admin.close();

  // Deleting the account erases the address from the subscribers.
  await openProfile(page);
  await page.getByLabel("Password, to confirm deleting your account").fill(account.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expectToast(page, "Account deleted");
  admin = await subscriberRow(browser, signedInAs, account.email);
  await expect(admin.row).toHaveCount(0);
  await admin.close();
});

// The article's form and the Settings tab's newsletter part fit a desktop and a phone: `npm test`
// checks each width once (the desktop light, the phone dark); `npm run screenshots` goes through
// both themes at both widths and saves the pictures in docs/screenshots.
test("the article's subscribe form and the Settings tab fit a desktop and a phone, light and dark", {
  tag: SCREENSHOTS,
}, async ({ page }) => {
  test.setTimeout(120_000);
  const article = await firstArticle(page);
  await registerAccount(page, uniqueEmail("shots"));
  for (const { theme, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await gotoHydrated(page, article);
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow(), `article ${viewport.name} ${theme}: overflow`).toBe(0);
    const form = page.getByRole("region", { name: "Get the news by mail" });
    await expect(form).toBeVisible();
    await screenshot(form, `newsletter-article-${viewport.name}-${theme}.png`);
    await openProfile(page, "settings");
    expect(await overflow(), `settings ${viewport.name} ${theme}: overflow`).toBe(0);
    const part = page
      .getByRole("heading", { name: "Preferences" })
      .locator("xpath=ancestor::*[contains(@class,'grid')][1]");
    await expect(part).toBeVisible();
    // The sticky header would cover the top of a part taller than what is left of the screen.
    if (TAKING_SCREENSHOTS)
      await page.addStyleTag({
        content: "body > header, header.sticky { position: static !important; }",
      });
    await screenshot(part, `newsletter-settings-${viewport.name}-${theme}.png`);
  }
});
