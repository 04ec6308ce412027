import type { Page } from "@playwright/test";
import { gotoHydrated, waitForHydration } from "../support/browser";
import {
  accountMenu,
  openAccountMenu,
  registerAccount,
  submitLogin,
} from "../support/browser-accounts";
import { expectToast } from "../support/toasts";
import { secretOf, totp } from "../support/totp";
import { NEW_PASSWORD, uniqueEmail } from "../support/users";
import { expect, statusMessage, test } from "./fixtures";

// Two-factor sign-in with an authenticator app (TOTP) and backup codes, set up on /profile's
// Security section. The codes are computed here as an authenticator app would (./totp.ts).
// Each test registers, confirms and signs in several times (password hashing is deliberately slow).
test.slow();

/** Turns two-factor on for the signed-in user on /profile; returns the secret and backup codes. */
async function enableTwoFactor(page: Page, password = NEW_PASSWORD) {
  await gotoHydrated(page, "/profile");
  const security = page.locator("section#security");
  await expect(security.getByText("Two-factor authentication: Off")).toBeVisible();
  await security.getByLabel("Confirm your password to begin").fill(password);
  await security.getByRole("button", { name: "Set up two-factor" }).click();

  const qr = security.getByRole("img", { name: "QR code for your authenticator app" });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
  // A loaded, non-empty image.
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);

  // The setup key is tucked away in a <details> until asked for.
  const uri = security.getByTestId("totp-uri");
  await expect(uri).toBeHidden();
  await security.getByText("Can't scan? Show the setup key").click();
  await expect(uri).toBeVisible();
  const otpauth = (await uri.textContent())?.trim() ?? "";
  expect(otpauth).toMatch(/^otpauth:\/\/totp\/.+[?&]secret=[A-Z2-7]+=*(&|$)/);
  const secret = secretOf(otpauth);

  const backupCodes = (
    await security.getByTestId("backup-codes").locator("li").allTextContents()
  ).map((code) => code.trim());
  expect(backupCodes).toHaveLength(10);
  expect(new Set(backupCodes).size).toBe(10);

  const setupCode = totp(secret);
  await security.getByLabel("3. Enter the 6-digit code to finish").fill(setupCode);
  await security.getByRole("button", { name: "Turn on two-factor" }).click();
  await expectToast(page, "Two-factor authentication is on");
  await expect(security.getByText("Two-factor authentication: On")).toBeVisible();
  await waitForHydration(page);
  return { secret, backupCodes, setupCode };
}

async function signOut(page: Page, email: string) {
  const menu = await openAccountMenu(page, email);
  await menu.getByRole("menuitem", { name: "Sign Out" }).click();
  await expectToast(page, "Signed out successfully");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
}

/** Password step of a two-factor sign-in: ends on /auth/two-factor, not yet signed in. */
async function passwordStep(page: Page, email: string) {
  await gotoHydrated(page, "/auth");
  await submitLogin(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === "/auth/two-factor");
  await expect(
    page.getByRole("heading", { level: 1, name: "Two-factor authentication" }),
  ).toBeVisible();
  await waitForHydration(page);
  // The password alone does not sign in.
  await expect(accountMenu(page, email)).toHaveCount(0);
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

async function expectSignedIn(page: Page, email: string) {
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Signed in successfully", "Welcome back!");
  await waitForHydration(page);
  const menu = await openAccountMenu(page, email);
  await expect(menu.getByText(email, { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
}

test("turning on TOTP, then signing in asks for a code from the app", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(400)); // the wrong code
  const email = uniqueEmail("totp");
  await registerAccount(page, email);
  const { secret, setupCode } = await enableTwoFactor(page);
  await signOut(page, email);

  await passwordStep(page, email);
  // A wrong code is refused in place.
  const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, "0");
  await enterCode(page, wrong);
  await expect(page.locator("form [role=alert]")).toHaveText("Invalid code");
  await expect(page).toHaveURL((url) => url.pathname === "/auth/two-factor");

  // The code that turned two-factor on is spent: a code is accepted once.
  await enterCode(page, setupCode);
  await expect(page.locator("form [role=alert]")).toHaveText(
    "This code has already been used. Wait for the next code in your authenticator app.",
  );

  // The app's next code (one step ahead is accepted, as for a clock a little fast).
  await enterCode(page, totp(secret, Date.now() + 30_000));
  await expectSignedIn(page, email);

  // The profile says two-factor is on.
  await gotoHydrated(page, "/profile");
  await expect(page.getByText("Two-factor authentication: On")).toBeVisible();
});

test("a backup code signs in once, and not a second time", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(400)); // the used code
  const email = uniqueEmail("backup");
  await registerAccount(page, email);
  const { backupCodes } = await enableTwoFactor(page);
  const code = backupCodes[0] as string;
  await signOut(page, email);

  await passwordStep(page, email);
  await enterCode(page, code);
  await expectSignedIn(page, email);
  await signOut(page, email);

  await passwordStep(page, email);
  await enterCode(page, code);
  await expect(page.locator("form [role=alert]")).toHaveText("Invalid backup code");
  await expect(page).toHaveURL((url) => url.pathname === "/auth/two-factor");
  await expect(accountMenu(page, email)).toHaveCount(0);
});

test("/auth/two-factor without the password step goes back to /auth", async ({ page }) => {
  await gotoHydrated(page, "/auth/two-factor");
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});
