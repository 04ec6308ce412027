import type { Page } from "@playwright/test";
import { axeViolations } from "../support/axe";
import { gotoHydrated, waitForHydration } from "../support/browser";
import {
  accountMenu,
  OUTBOX,
  openAccountMenu,
  registerAccount,
  submitLogin,
} from "../support/browser-accounts";
import { eachLook } from "../support/looks";
import { codeOf, readTextMessages } from "../support/outbox";
import { SCREENSHOTS, screenshot } from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { uniqueEmail } from "../support/users";
import { expect, statusMessage, test } from "./fixtures";
import { openProfile } from "./profile-helpers";

// The phone as a second factor (docs/accounts-and-security.md#phone): added on /profile with the
// code texted to it, then used to sign in. The demo server has no text-message provider and is not
// in production, so each message is a file in its outbox (DATA_DIR/outbox/sms-*.txt), and Sweden
// is the country the seed allows (tests/support/seed-e2e.ts). Each test texts a number of its own.
test.slow();

/** The number the main test adds, and as every page but the one that adds it shows it. */
const NUMBER = "+46701234567";
const MASKED = "+•••••••••67";
const PHONE_HINT =
  "Enter the number in international form: + and the country code, such as +46 70 123 45 67.";

/** Waits for a text message to `e164` newer than the `seen` files; its code. */
async function waitForCode(e164: string, seen: string[] = []): Promise<string> {
  const fresh = () =>
    readTextMessages(OUTBOX).filter((text) => text.to === e164 && !seen.includes(text.file));
  await expect
    .poll(() => fresh().length, { message: `a text message to ${e164} in ${OUTBOX}` })
    .toBeGreaterThan(0);
  return codeOf(fresh().at(-1)!);
}

const sentTo = (e164: string) =>
  readTextMessages(OUTBOX)
    .filter((text) => text.to === e164)
    .map((text) => text.file);

/** A picture of the Security section alone (cut from a full-page capture, as the profile's are). */
async function shootSecurity(page: Page, file: string) {
  const box = await page.locator("#security").evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return { y: rect.top + window.scrollY, height: rect.height };
  });
  const width = page.viewportSize()?.width ?? 1280;
  await screenshot(page, file, {
    review: true,
    fullPage: true,
    clip: { x: 0, y: Math.max(0, box.y - 16), width, height: box.height + 32 },
  });
}

test("a phone is added with the code texted to it, lists as Phone ·· 67, and signs in", {
  tag: SCREENSHOTS,
}, async ({ page }) => {
  const e164 = NUMBER;
  const account = await registerAccount(page, uniqueEmail("phone"));
  await openProfile(page);
  const security = page.locator("section#security");
  await expect(security.getByText("Two-factor authentication: Off")).toBeVisible();

  // Offered here (a provider, a chosen country), beside the passkeys.
  const add = security.getByRole("region", { name: "Add a phone" });
  await eachLook(page, "/profile#security", async (look) => {
    await expect(add.getByText(PHONE_HINT)).toBeVisible();
    await shootSecurity(page, `phone-${look}-add.png`);
  });

  // Name and number; the session has just signed in, so no password is asked.
  await expect(add.getByLabel("Name", { exact: true })).toHaveValue("Phone");
  await add.getByLabel("Name", { exact: true }).fill("My phone");
  const number = add.getByLabel("Phone number");
  await expect(number).toHaveAttribute("type", "tel");
  await expect(number).toHaveAttribute("autocomplete", "tel");
  await number.fill("+46 70 123 45 67");
  await add.getByRole("button", { name: "Send a code" }).click();

  const step = security.getByTestId("phone-code-step");
  await expect(step).toContainText(`We sent a code to ${MASKED}. It expires in 10 minutes.`);
  await expect(step.getByRole("button", { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
  await expect(security.getByRole("region", { name: "Add a phone" })).toHaveCount(0);
  // Waiting, the phone lists as not verified.
  const row = security.getByTestId("factor").filter({ hasText: "My phone" });
  await expect(row).toContainText("Not verified");
  await expect(row).toContainText("Phone ·· 67");
  const code = await waitForCode(e164);

  // Read back after a reload (the page's own copy of the waiting code), in every look.
  await eachLook(page, "/profile#security", async (look) => {
    await expect(security.getByTestId("phone-code-step")).toContainText(
      `We sent a code to ${MASKED}. It can be used until`,
    );
    await shootSecurity(page, `phone-${look}-code-step.png`);
  });

  await gotoHydrated(page, "/profile");
  await security.getByLabel("Code from the text message").fill(code);
  await security.getByRole("button", { name: "Confirm", exact: true }).click();
  // The account's first factor: recovery codes, shown once.
  const enrolled = security.getByTestId("phone-enrolled");
  await expect(enrolled).toContainText("Phone added: two-factor authentication is on.");
  const backupCodes = (
    await enrolled.getByTestId("backup-codes").locator("li").allTextContents()
  ).map((text) => text.trim());
  expect(backupCodes).toHaveLength(10);
  expect(await axeViolations(page)).toEqual([]);
  await shootSecurity(page, "phone-desktop-light-recovery-codes.png");
  await enrolled.getByRole("link", { name: "Done" }).click();
  await expect(page).toHaveURL(/\/profile\?tab=profile#security$/);
  await expect(security.getByTestId("phone-enrolled")).toHaveCount(0);
  await expect(row).toContainText("Verified");
  await expect(row).toContainText("Phone ·· 67");
  await expect(row).toContainText(/added \w+ \d{1,2}, \d{4}/);
  await expect(row).toContainText("never used");
  // The phone turned two-factor on; the app is still offered, as a second way.
  await expect(security.getByText("Two-factor authentication: On")).toBeVisible();
  await expect(security.getByRole("button", { name: "Add an authenticator app" })).toBeVisible();

  // Signed out, the password leads to the code step, which offers the phone.
  const menu = await openAccountMenu(page, account.email);
  await menu.getByRole("menuitem", { name: "Sign Out" }).click();
  await expectToast(page, "Signed out successfully");
  await gotoHydrated(page, "/auth");
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL((url) => url.pathname === "/auth/two-factor");
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Two-factor authentication" }),
  ).toBeVisible();
  await expect(page.getByText(`Get a code by text message to ${MASKED}`)).toBeVisible();
  // No app on this account: no app code field, and a backup code is one click away.
  await expect(page.getByLabel("Code", { exact: true })).toHaveCount(0);
  await expect(page.getByText("Use a backup code")).toBeVisible();
  await eachLook(page, "/auth/two-factor", (look) =>
    screenshot(page, `two-factor-${look}-phone-choice.png`, { review: true }),
  );

  const seen = sentTo(e164);
  await page.getByRole("button", { name: "Text me a code" }).click();
  const textStep = page.getByTestId("text-step");
  await expect(
    page.getByText(`We sent a code to ${MASKED}. It expires in 10 minutes.`),
  ).toBeVisible();
  await expect(textStep.getByRole("button", { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "two-factor-desktop-light-text-sent.png", { review: true });
  const signInCode = await waitForCode(e164, seen);
  await textStep.getByLabel("Code from the text message").fill(signInCode);
  await textStep.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Signed in successfully", "Welcome back!");
  await waitForHydration(page);
  await expect(accountMenu(page, account.email)).toBeVisible();

  // The sign-in is the phone's last use.
  await openProfile(page);
  await expect(row).toContainText(/last used \w+ \d{1,2}, \d{4}/);
});

test("the owner's Text messages tab shows the provider, the countries, the limits and the log", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  await signedInAs("owner");
  await gotoHydrated(page, "/admin/sms");
  const panel = page.getByRole("tabpanel");
  await expect(page.getByRole("tab", { name: "SMS" })).toHaveAttribute("aria-selected", "true");
  await expect(panel.getByRole("heading", { name: "Text messages" })).toBeVisible();
  // No provider is configured outside production: the outbox.
  await expect(panel.getByTestId("sms-provider")).toContainText("Provider: outbox");
  await expect(panel.getByRole("list", { name: "Chosen countries" })).toHaveText("Sweden (SE)");
  await expect(panel).toContainText("3 per 15 minutes per account, one every 30 seconds");
  await expect(panel).toContainText("10 a day (SMS_NUMBER_LIMIT)");
  await expect(panel.getByRole("heading", { name: "Send log" })).toBeVisible();
  await eachLook(page, "/admin/sms", (look) =>
    screenshot(page, `admin-sms-${look}.png`, { review: true, fullPage: true }),
  );

  // An unknown code is refused under the field before anything is sent.
  const field = panel.getByLabel("Countries that may receive codes");
  await field.fill("SE, XX");
  await panel.getByRole("button", { name: "Save countries" }).click();
  await expect(panel.getByText("Not a country code: XX.")).toBeVisible();
  // The same choice saved again (other tests text Swedish numbers meanwhile).
  await field.fill("se");
  await panel.getByRole("button", { name: "Save countries" }).click();
  await expectToast(page, "Countries saved");
  await expect(panel.getByRole("list", { name: "Chosen countries" })).toHaveText("Sweden (SE)");
});

test("without JavaScript a phone is added and signs in, a wrong code refused in place", async ({
  page,
  newContext,
  extraHTTPHeaders,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(400)); // the wrong code
  const e164 = "+46701234568";
  const masked = "+•••••••••68";
  const account = await registerAccount(page, uniqueEmail("phone-plain"));
  const context = await newContext({ javaScriptEnabled: false, extraHTTPHeaders });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();

  // Every step is a form the server answers with the next page.
  await plain.goto("/profile");
  const security = plain.locator("section#security");
  await security.getByLabel("Phone number").fill("+46 70 123 45 68");
  await security.getByRole("button", { name: "Send a code" }).click();
  await expect(security.getByTestId("phone-code-step")).toContainText(
    `We sent a code to ${masked}. It expires in 10 minutes.`,
  );
  // Enabled: without a script there is no countdown; the server keeps the wait.
  await expect(security.getByRole("button", { name: "Send a new code" })).toBeEnabled();
  await security.getByLabel("Code from the text message").fill(await waitForCode(e164));
  await security.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(
    security.getByTestId("phone-enrolled").getByTestId("backup-codes").locator("li"),
  ).toHaveCount(10);
  await security.getByRole("link", { name: "Done" }).click();
  await expect(security.getByTestId("phone-enrolled")).toHaveCount(0);
  await expect(security.getByTestId("factor").filter({ hasText: "Phone ·· 68" })).toContainText(
    "Verified",
  );

  // Signed out, then in again: the password, then a code by text message.
  await context.clearCookies();
  await plain.goto("/auth");
  await plain.locator("#login-email").fill(account.email);
  await plain.locator("#login-password").fill(account.password);
  await plain.getByRole("button", { name: "Sign in", exact: true }).click();
  await plain.waitForURL((url) => url.pathname === "/auth/two-factor");
  const seen = sentTo(e164);
  await plain.getByRole("button", { name: "Text me a code" }).click();
  const step = plain.getByTestId("text-step");
  await expect(
    plain.getByText(`We sent a code to ${masked}. It expires in 10 minutes.`),
  ).toBeVisible();
  const code = await waitForCode(e164, seen);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await step.getByLabel("Code from the text message").fill(wrong);
  await step.getByRole("button", { name: "Verify", exact: true }).click();
  // Refused, the page stays on the phone's code.
  await expect(step.locator("form [role=alert]")).toHaveText(
    "That code is not right. Check the text message and try again.",
  );
  await step.getByLabel("Code from the text message").fill(code);
  await step.getByRole("button", { name: "Verify", exact: true }).click();
  await plain.waitForURL((url) => url.pathname === "/");
  await expect(
    plain.getByRole("button", { name: `Account menu for ${account.email}` }),
  ).toBeVisible();
});
