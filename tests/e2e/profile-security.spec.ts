import type { Locator, Page } from "@playwright/test";
import { gotoHydrated } from "../support/browser";
import { accountMenu, registerAccount, signedInPage } from "../support/browser-accounts";
import { expectToast } from "../support/toasts";
import { uniqueEmail } from "../support/users";
import { expect, statusMessage, test } from "./fixtures";
import { openProfile } from "./profile-helpers";

// The profile's Security section: signed-in devices, password change and account deletion.
// Each test registers its own account and signs it in from more than one browser.

test.describe.configure({ timeout: 60_000 });

const devices = (page: Page) => page.getByTestId("devices").locator("li");

/** /profile as a signed-out visitor sees it. */
async function expectSignedOut(page: Page) {
  const response = await gotoHydrated(page, "/profile");
  expect(response?.status()).toBe(401);
  await expect(page.getByText("Please sign in to view your profile.")).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
}

/** Fills and sends the Change password card. */
async function changePassword(card: Locator, current: string, next: string) {
  await card.getByLabel("Current password").fill(current);
  await card.getByLabel("New password").fill(next);
  await card.getByLabel("Confirm Password").fill(next);
  await card.getByRole("button", { name: "Change password" }).click();
}

test("the devices list marks this device, shows a new sign-in, and Sign out ends that session", async ({
  page,
  newContext,
  extraHTTPHeaders,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(401));
  const account = await registerAccount(page, uniqueEmail("devices"));
  await openProfile(page);
  await expect(page.getByRole("heading", { name: "Signed-in devices" })).toBeVisible();
  await expect(devices(page)).toHaveCount(1);
  await expect(devices(page).first()).toContainText("This device");
  await expect(devices(page).first().getByRole("button", { name: "Sign out" })).toHaveCount(0);

  const second = await signedInPage(newContext, extraHTTPHeaders, account);
  await openProfile(page);
  await expect(devices(page)).toHaveCount(2);
  // The current device is listed first; the other one can be signed out.
  await expect(devices(page).first()).toContainText("This device");
  const other = devices(page).filter({ hasNotText: "This device" });
  await expect(other).toHaveCount(1);
  await expect(other).toContainText("Chrome");
  await expect(other).toContainText(/last active \w+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
  // The second browser sees the same two devices, with itself as "This device".
  await openProfile(second);
  await expect(devices(second)).toHaveCount(2);

  await other.getByRole("button", { name: "Sign out" }).click();
  await expectToast(page, "Device signed out");
  await expect(devices(page)).toHaveCount(1);
  await expect(devices(page).first()).toContainText("This device");

  await expectSignedOut(second);
  // This browser stays signed in.
  await openProfile(page);
  await expect(accountMenu(page)).toBeVisible();
});

test("changing the password signs out the other devices and keeps this one", async ({
  page,
  newContext,
  extraHTTPHeaders,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(401));
  allowConsoleMessage(statusMessage(400));
  const account = await registerAccount(page, uniqueEmail("password"));
  const second = await signedInPage(newContext, extraHTTPHeaders, account);
  await openProfile(page);
  await expect(devices(page)).toHaveCount(2);

  const card = page.getByRole("heading", { name: "Change password" }).locator("xpath=../..");
  // A wrong current password changes nothing.
  await changePassword(card, "not the password at all", "a brand new password here");
  await expect(card.getByRole("alert")).toHaveText(/invalid password/i);
  await openProfile(second);
  await expect(devices(second)).toHaveCount(2);

  const newPassword = "a brand new password here";
  await openProfile(page);
  await changePassword(card, account.password, newPassword);
  await expectToast(
    page,
    "Password changed",
    "Your other devices have been signed out. Your API keys, passkeys and linked accounts still work: check them below.",
  );
  // The page lands on the Security section's list of what still reaches the account.
  await expect(page).toHaveURL(/\/profile#security$/);
  await expect(devices(page)).toHaveCount(1);
  await expect(devices(page).first()).toContainText("This device");

  await expectSignedOut(second);
  // The new password works on the other browser; this one is still signed in.
  await gotoHydrated(second, "/auth");
  await second.locator("#login-email").fill(account.email);
  await second.locator("#login-password").fill(newPassword);
  await second.getByRole("button", { name: "Sign in", exact: true }).click();
  await second.waitForURL((url) => url.pathname === "/");
  await expect(accountMenu(second)).toBeVisible();
  await openProfile(page);
  await expect(accountMenu(page)).toBeVisible();
});

test("deleting the account needs the password, signs out every device, and the account is gone", async ({
  page,
  newContext,
  extraHTTPHeaders,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(401));
  allowConsoleMessage(statusMessage(400));
  const account = await registerAccount(page, uniqueEmail("delete"));
  const second = await signedInPage(newContext, extraHTTPHeaders, account);
  await openProfile(page);
  const form = page.getByRole("button", { name: "Delete my account" }).locator("xpath=..");
  const password = page.getByLabel("Password, to confirm deleting your account");

  // A wrong password is refused and the account stays.
  await password.fill("not the password at all");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByRole("alert")).toHaveText(/invalid password/i);
  await openProfile(second);

  await openProfile(page);
  await password.fill(account.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expectToast(page, "Account deleted");
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page)).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

  // The other browser is signed out too.
  await expectSignedOut(second);

  // Signing in again fails.
  await gotoHydrated(page, "/auth");
  await page.locator("#login-email").fill(account.email);
  await page.locator("#login-password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(/invalid email or password/i);
  await expect(page).toHaveURL(/\/auth/);
  await expect(accountMenu(page)).toHaveCount(0);
});
