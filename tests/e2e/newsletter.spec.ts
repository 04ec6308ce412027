import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "../support/axe";
import { gotoHydrated, waitForHydration } from "../support/browser";
import { waitForMail } from "../support/browser-accounts";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { uniqueEmail } from "../support/users";
import { expect, test } from "./fixtures";

// Newsletter subscribing (docs/product.md#newsletter-subscribing), issue 28's first must-show:
// double opt-in end to end, and the RFC 8058 one-click POST with no cookies.

test("subscribe on Home, confirm from the mail, listed as confirmed; one-click unsubscribes", async ({
  page,
  browser,
  playwright,
  signedInAs,
}) => {
  const email = uniqueEmail("newsletter");
  await gotoHydrated(page, "/");
  const form = page.getByRole("region", { name: "Get the news by mail" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText("Check your inbox to confirm");

  const mail = await waitForMail(email, { subject: /Confirm your subscription/ });
  const link = mail.links.find((url) => url.includes("/newsletter/confirm?token="));
  expect(link).toBeDefined();

  // Opened in a fresh browser, as from a mail client: no session needed.
  const reader = await browser.newContext();
  const opened = await reader.newPage();
  await opened.goto(link!);
  // Opening the link asks (a mail scanner's GET confirms nothing); the click confirms.
  await expect(opened.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  await opened.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(opened.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
  const preferences = await opened
    .getByRole("link", { name: "Manage your subscription" })
    .getAttribute("href");
  await reader.close();

  await signedInAs("admin");
  await gotoHydrated(page, "/admin/subscribers");
  const row = page.getByTestId("subscriber-row").filter({ hasText: email });
  await expect(row).toContainText("Confirmed");

  // RFC 8058: a POST with the one-click body and the signed token, no cookie, no Origin.
  const client = await playwright.request.newContext({ baseURL: page.url() });
  const target = preferences!.replace("/newsletter/preferences", "/newsletter/unsubscribe");
  const oneClick = (url: string) =>
    client.post(url, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
  expect((await oneClick(`${target}x`)).status()).toBe(400);
  await page.reload();
  await expect(row).toContainText("Confirmed");
  expect((await oneClick(target)).status()).toBe(200);
  expect((await oneClick(target)).status()).toBe(200);
  await client.dispose();
  await page.reload();
  await expect(row).toContainText("Unsubscribed");

  // An admin erases the address on its owner's request.
  await waitForHydration(page);
  await row.getByRole("button", { name: `Erase ${email}` }).click();
  await expect(row).toHaveCount(0);
});

/** A confirmed address (subscribed on Home), and the mail's Unsubscribe link for it. */
async function confirmedReader(browser: Browser, page: Page, email: string) {
  await gotoHydrated(page, "/");
  const form = page.getByRole("region", { name: "Get the news by mail" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText("Check your inbox to confirm");
  const mail = await waitForMail(email, { subject: /Confirm your subscription/ });
  const reader = await browser.newContext();
  const opened = await reader.newPage();
  await opened.goto(mail.links.find((url) => url.includes("/newsletter/confirm?token="))!);
  await opened.getByRole("button", { name: "Confirm subscription" }).click();
  const preferences = await opened
    .getByRole("link", { name: "Manage your subscription" })
    .getAttribute("href");
  await reader.close();
  return preferences!.replace("/newsletter/preferences", "/newsletter/unsubscribe");
}

// Issue 36: the mail's link opened the preferences, where "Unsubscribe from all" was still to press.
test("the mail's Unsubscribe link: one button, then Undo; without JavaScript as well", async ({
  page,
  browser,
}) => {
  const link = await confirmedReader(browser, page, uniqueEmail("unsubscribe"));
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const reader = await context.newPage();
    await reader.goto(link);
    await expect(reader.getByRole("heading", { name: "Unsubscribe", exact: true })).toBeVisible();
    if (javaScriptEnabled) expect(await axeViolations(reader)).toEqual([]);
    await expect(
      reader.getByRole("link", { name: "Choose lists on your preferences page instead" }),
    ).toBeVisible();
    await reader.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(reader.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    if (javaScriptEnabled) expect(await axeViolations(reader)).toEqual([]);
    await reader.getByRole("button", { name: "Undo" }).click();
    await expect(reader.getByRole("heading", { name: "You are subscribed again" })).toBeVisible();
    await reader.getByRole("link", { name: "Manage your preferences" }).click();
    await expect(reader.getByRole("heading", { name: "Newsletter preferences" })).toBeVisible();
    await expect(reader.getByRole("checkbox").first()).toBeChecked();
    await context.close();
  }
});

// The subscribe forms, the preferences page and the Subscribers tab fit a desktop and a phone:
// `npm test` checks each width once (the desktop light, the phone dark); `npm run screenshots` goes
// through both themes at both widths and saves the pictures in docs/screenshots.
test("the newsletter's screens fit a desktop and a phone, light and dark", {
  tag: SCREENSHOTS,
}, async ({ page, browser, signedInAs }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("shots");
  await gotoHydrated(page, "/");
  const form = page.getByRole("region", { name: "Get the news by mail" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toBeVisible();
  const mail = await waitForMail(email, { subject: /Confirm your subscription/ });
  const reader = await browser.newContext();
  const opened = await reader.newPage();
  await opened.goto(mail.links.find((url) => url.includes("/newsletter/confirm"))!);
  await opened.getByRole("button", { name: "Confirm subscription" }).click();
  const preferences = await opened
    .getByRole("link", { name: "Manage your subscription" })
    .getAttribute("href");
  await reader.close();
  const game = await page.request.get("/games").then((r) => r.text());
  const gamePath = game.match(/href="(\/games\/[a-z0-9-]+)"/)?.[1];
  await signedInAs("admin");

  const views = [
    { name: "newsletter-home", path: "/", locate: "Get the news by mail" },
    ...(gamePath ? [{ name: "newsletter-game", path: gamePath, locate: /^Follow / }] : []),
    { name: "newsletter-preferences", path: preferences!, locate: null },
    {
      name: "newsletter-unsubscribe",
      path: preferences!.replace("/newsletter/preferences", "/newsletter/unsubscribe"),
      locate: null,
    },
    { name: "newsletter-admin", path: "/admin/subscribers", locate: null },
  ];
  for (const { theme, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const view of views) {
      await gotoHydrated(page, view.path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${view.name} ${viewport.name} ${theme}: overflow`).toBe(0);
      const file = `${view.name}-${viewport.name}-${theme}.png`;
      if (view.locate) {
        // The form is there (its picture is the form alone).
        const region = page.getByRole("region", { name: view.locate });
        await expect(region).toBeVisible();
        await screenshot(region, file);
      } else await screenshot(page, file, { fullPage: true });
    }
  }
});

test("without JavaScript, subscribing on Home answers with a page, and the mail still asks to confirm", async ({
  browser,
}) => {
  const email = uniqueEmail("newsletter-nojs");
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto("/");
  const form = page.getByRole("region", { name: "Get the news by mail" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox to confirm" })).toBeVisible();
  await waitForMail(email, { subject: /Confirm your subscription/ });

  await page.goto("/");
  await form.getByLabel("Email").fill("a@b");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByRole("heading", { name: "Your subscription was not saved" }),
  ).toBeVisible();
  await plain.close();
});
