import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { gotoHydrated, reloadHydrated, waitForHydration } from "../support/browser";
import { accountMenu, registerAccount, signedInPage } from "../support/browser-accounts";
import { expectToast } from "../support/toasts";
import { roleEmail, uniqueEmail } from "../support/users";
import { DEMO_URL, expect, LIST_DATE, statusMessage, test, textOf } from "./fixtures";
import { accountId, openProfile } from "./profile-helpers";

// My Profile (docs/product.md#profile, docs/product.md#activity-types). Every test that
// changes an account registers its own, so the tests share nothing but the demo content.

// Registering through the mail outbox and signing in from several browsers takes a while.
test.describe.configure({ timeout: 60_000 });

test("signed out, /profile answers 401 with the sign-in prompt", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(401));
  const response = await gotoHydrated(page, "/profile");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  await expect(page.getByText("Please sign in to view your profile.")).toBeVisible();
  await expect(page.getByRole("tab")).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile|\/auth\?redirectTo=\/profile/);
});

test.describe("Profile tab", () => {
  test("shows the three tabs, read-only email and username, and saves display name and bio", async ({
    page,
  }) => {
    const account = await registerAccount(page, uniqueEmail("profile-tab"));
    await openProfile(page);
    await expect(page.getByRole("tab")).toHaveText(["Profile", "Activity", "Settings"]);
    await expect(page.getByRole("tab", { name: "Profile" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    for (const label of ["Email", "Username"]) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveValue(account.email);
      await expect(field).not.toBeEditable();
    }
    await expect(page.locator("input[name=email], input[name=username]")).toHaveCount(0);

    const memberSince = await textOf(page.getByText(/^Member since /));
    expect(memberSince.replace("Member since ", "")).toMatch(LIST_DATE);

    const displayName = `Ada ${Date.now().toString(36)}`;
    const bio = "Plays puzzle games.\nCollects lanterns.";
    await page.getByLabel("Display Name", { exact: true }).fill(displayName);
    await page.getByLabel("Bio", { exact: true }).fill(bio);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile updated successfully");

    await reloadHydrated(page);
    await waitForHydration(page);
    await expect(page.getByLabel("Display Name", { exact: true })).toHaveValue(displayName);
    await expect(page.getByLabel("Bio", { exact: true })).toHaveValue(bio);
    // The page heading and the account menu greet the user by the new name.
    await expect(
      page.getByRole("main").getByText(`${displayName} · ${account.email}`),
    ).toBeVisible();
    await accountMenu(page).click();
    await expect(page.getByRole("menu").getByText(displayName, { exact: true })).toBeVisible();
  });

  test("an over-long bio cannot be typed, and the server refuses it with a clear error", async ({
    page,
    allowConsoleMessage,
  }) => {
    await registerAccount(page, uniqueEmail("long-bio"));
    await openProfile(page);
    await page.getByLabel("Bio", { exact: true }).fill("Short and kept.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile updated successfully");

    // The field stops at 500 characters.
    const bioField = page.getByLabel("Bio", { exact: true });
    await bioField.fill("b".repeat(500));
    await bioField.pressSequentially("more");
    await expect(bioField).toHaveValue("b".repeat(500));

    // A hand-made request (the session cookie and a same-site Origin, as a browser would send)
    // gets a 400 with the field's message, and nothing is saved.
    const answer = await page.request.post("/profile", {
      form: { intent: "profile", displayName: "Not Saved", bio: "x".repeat(501) },
      headers: { Origin: DEMO_URL },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(400);
    expect(await answer.text()).toContain("Bio must be at most 500 characters");

    // In the page: without the length limit the form shows the same message and does not submit.
    allowConsoleMessage(statusMessage(400));
    await openProfile(page);
    await bioField.evaluate((el) => el.removeAttribute("maxlength"));
    await bioField.fill("y".repeat(501));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Bio must be at most 500 characters")).toBeVisible();
    await expect(bioField).toHaveAttribute("aria-invalid", "true");

    await openProfile(page);
    await expect(page.getByLabel("Bio", { exact: true })).toHaveValue("Short and kept.");
    await expect(page.getByLabel("Display Name", { exact: true })).toHaveValue("");
  });
});

/** Reads an activity counter. */
async function counter(page: Page, label: string): Promise<number> {
  return Number(await textOf(page.getByTestId(`counter-${label}`)));
}

const COUNTERS = ["Total Activities", "Logins", "News Views", "Game Views"] as const;
type Counts = Record<(typeof COUNTERS)[number], number>;

async function counters(page: Page): Promise<Counts> {
  const entries = await Promise.all(
    COUNTERS.map(async (label) => [label, await counter(page, label)] as const),
  );
  return Object.fromEntries(entries) as Counts;
}

/** Clicks Refresh until the counters read as expected (recording is asynchronous for views). */
async function refreshUntil(page: Page, expected: Counts) {
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await expect(page.getByRole("button", { name: "Refresh", exact: true })).toBeEnabled();
    expect(await counters(page)).toEqual(expected);
  }).toPass({ timeout: 15_000 });
}

test("Activity counts logins, news views, game views and profile updates, shown after Refresh", async ({
  page,
  context,
  newContext,
  extraHTTPHeaders,
}) => {
  const account = await registerAccount(page, uniqueEmail("activity"));
  await openProfile(page, "activity");
  await expect(page.getByRole("tab", { name: "Activity" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const start = await counters(page);
  // Confirming the address signed the account in: one login, nothing else yet.
  expect(start).toEqual({ "Total Activities": 1, Logins: 1, "News Views": 0, "Game Views": 0 });
  const list = page.getByTestId("recent-activity");
  await expect(list.getByText("Logged in", { exact: true })).toHaveCount(1);

  // A sign-in with the form, on another device, is one more login.
  await signedInPage(newContext, extraHTTPHeaders, account);
  await refreshUntil(page, { ...start, "Total Activities": 2, Logins: 2 });
  await expect(list.getByText("Logged in", { exact: true })).toHaveCount(2);

  // Reading a news article in another tab is a news view.
  const reader = await context.newPage();
  await gotoHydrated(reader, "/news");
  await reader
    .getByRole("link", { name: /Read More/ })
    .first()
    .click();
  await expect(reader).toHaveURL(/\/news\/[\w-]+$/);
  await refreshUntil(page, { "Total Activities": 3, Logins: 2, "News Views": 1, "Game Views": 0 });
  await expect(list.getByText("Viewed news", { exact: true })).toHaveCount(1);

  // Following Play Game is a game view. The game's own site is answered here.
  await gotoHydrated(reader, "/games");
  const play = reader
    .getByTestId("game-card")
    .first()
    .getByRole("link", { name: /Play Game/ });
  const target = new URL((await play.getAttribute("href")) ?? "");
  await context.route(`${target.origin}/**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Game</title>" }),
  );
  const [gameTab] = await Promise.all([context.waitForEvent("page"), play.click()]);
  await gameTab.waitForLoadState();
  await refreshUntil(page, { "Total Activities": 4, Logins: 2, "News Views": 1, "Game Views": 1 });
  await expect(list.getByText("Viewed game", { exact: true })).toHaveCount(1);
  // The newest entry is listed first.
  await expect(list.locator("li").first()).toContainText("Viewed game");

  // Saving the profile is an update, counted in the total only.
  await page.getByRole("tab", { name: "Profile" }).click();
  await page.getByLabel("Display Name", { exact: true }).fill("Activity Tester");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated successfully");
  await page.getByRole("tab", { name: "Activity" }).click();
  await refreshUntil(page, { "Total Activities": 5, Logins: 2, "News Views": 1, "Game Views": 1 });
  await expect(list.locator("li").first()).toContainText("Updated profile");
  await expect(list.getByText("Updated profile", { exact: true })).toHaveCount(1);

  // Each kind has its own colour.
  const colours = await Promise.all(
    ["Logged in", "Viewed news", "Viewed game", "Updated profile"].map((label) =>
      list
        .getByText(label, { exact: true })
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ),
  );
  expect(new Set(colours).size).toBe(4);
});

/** Records <html>'s classes when <body> first appears, before anything of it is painted. */
async function recordClassesAtFirstBody(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { __classesAtBody?: string }).__classesAtBody =
        document.documentElement.className;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const classesAtFirstBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { __classesAtBody?: string }).__classesAtBody);

test("Email Notifications is a switch: announced with its on/off state, toggled with Space", async ({
  page,
  signedInAs,
}) => {
  // The seeded guest; nothing is saved, so the account stays as it was.
  await signedInAs("guest");
  await openProfile(page, "settings");
  const notifications = page.getByRole("switch", { name: "Email Notifications", exact: true });
  await expect(notifications).toHaveAttribute("role", "switch");
  await expect(notifications).toHaveAccessibleDescription(
    `The studio's news by mail to ${roleEmail("guest")}.`,
  );
  const on = await notifications.isChecked();
  // The state assistive technology reads (aria-checked) is the checkbox's own.
  await expect(notifications).toMatchAriaSnapshot(
    `- switch "Email Notifications"${on ? " [checked]" : ""}`,
  );
  await notifications.focus();
  await page.keyboard.press("Space");
  await expect(notifications).toBeChecked({ checked: !on });
  await expect(notifications).toMatchAriaSnapshot(
    `- switch "Email Notifications"${on ? "" : " [checked]"}`,
  );
  // Its label turns it back.
  await page.getByText("Email Notifications", { exact: true }).click();
  await expect(notifications).toBeChecked({ checked: on });
  // axe finds nothing wrong with it (it knows a native checkbox carries its own checked state).
  const axe = await new AxeBuilder({ page }).include("#emailNotifications").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("Settings are saved and kept, and the account's dark theme follows it to a new browser", async ({
  page,
  newContext,
  extraHTTPHeaders,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  const account = await registerAccount(page, uniqueEmail("settings"));
  await openProfile(page, "settings");
  // A switch (role="switch") whose on/off state assistive technology reads (aria-checked).
  const notifications = page.getByRole("switch", { name: "Email Notifications", exact: true });
  const theme = page.getByLabel("Theme Preference");
  const visibility = page.getByLabel("Profile Visibility");
  // The defaults (docs/product.md#settings-tab): the switch is the studio's newsletter, and a new
  // account is on no list until it says so.
  await expect(notifications).not.toBeChecked();
  await expect(theme).toHaveValue("system");
  await expect(visibility).toHaveValue("public");
  await expect(theme.locator("option")).toHaveText(["Light", "Dark", "System"]);
  await expect(visibility.locator("option")).toHaveText(["Public", "Private"]);

  // Account Information.
  const info = page.getByRole("heading", { name: "Account Information" }).locator("xpath=../..");
  await expect(info.locator("dd").nth(0)).toHaveText(account.email);
  const id = await accountId(page);
  await expect(info.locator("dd").nth(1)).toHaveText(id);
  expect(await textOf(info.locator("dd").nth(2))).toMatch(LIST_DATE);

  await notifications.check();
  await theme.selectOption("dark");
  await visibility.selectOption("private");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings updated successfully");
  // The saved theme applies at once.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  await reloadHydrated(page);
  await waitForHydration(page);
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(notifications).toBeChecked();
  await expect(theme).toHaveValue("dark");
  await expect(visibility).toHaveValue("private");

  // A new browser with nothing stored, whose system prefers light: signing in makes the site dark.
  const fresh = await newContext({ extraHTTPHeaders, colorScheme: "light" });
  const other = await fresh.newPage();
  await recordClassesAtFirstBody(other);
  await gotoHydrated(other, "/");
  await expect(other.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await other.evaluate(() => localStorage.getItem("ui-theme"))).toBeNull();
  await other.goto("/auth");
  await waitForHydration(other);
  await other.locator("#login-email").fill(account.email);
  await other.locator("#login-password").fill(account.password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await other.waitForURL((url) => url.pathname === "/");
  await expect(other.locator("html")).toHaveClass(/\bdark\b/);
  await expect(other.getByRole("button", { name: "Dark", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // Every page load from now on is dark before the body is painted.
  await other.goto("/games");
  expect(await classesAtFirstBody(other)).toMatch(/\bdark\b/);
  await waitForHydration(other);
  await expect(other.locator("html")).toHaveAttribute("data-theme", "dark");
  await other.goto("/");
  await waitForHydration(other);
  expect(await classesAtFirstBody(other)).toMatch(/\bdark\b/);
  await expect(other.getByRole("button", { name: "Dark", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("Download my data holds the profile, preferences, activity and the user's contact messages", async ({
  page,
  request,
}) => {
  const account = await registerAccount(page, uniqueEmail("export"));
  const displayName = `Exporter ${Date.now().toString(36)}`;
  await openProfile(page);
  await page.getByLabel("Display Name", { exact: true }).fill(displayName);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated successfully");

  const subject = `Export check ${Date.now().toString(36)}`;
  await gotoHydrated(page, "/contact");
  await page.getByLabel("Name", { exact: true }).fill(displayName);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Subject", { exact: true }).fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("Please keep my data safe.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message sent!");

  await openProfile(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data (JSON)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^studio-account-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));

  expect(exported.account.email).toBe(account.email);
  expect(exported.profile).toMatchObject({ username: account.email, displayName });
  expect(exported.preferences).toEqual({
    emailNotifications: true,
    themePreference: "system",
    privacyLevel: "public",
  });
  const types = exported.activity.map((a: { type: string }) => a.type);
  expect(types).toContain("login");
  expect(types).toContain("profile_update");
  const update = exported.activity.find((a: { type: string }) => a.type === "profile_update");
  expect(update.data.updated_fields).toEqual(["display_name"]);
  expect(exported.messages).toEqual([
    expect.objectContaining({
      email: account.email,
      subject,
      message: "Please keep my data safe.",
    }),
  ]);
  // Only this account's data: no password hash, no session tokens.
  const text = JSON.stringify(exported);
  expect(text).not.toMatch(/"(password|token)"/i);

  // The same document answers page.request, never cached; signed out it is refused.
  const direct = await page.request.get("/profile/export");
  expect(direct.status()).toBe(200);
  expect(direct.headers()["cache-control"]).toBe("no-store");
  expect(direct.headers()["content-type"]).toMatch(/^application\/json/);
  expect(JSON.parse(await direct.text()).profile.displayName).toBe(displayName);
  const anonymous = await request.get("/profile/export");
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.text()).not.toContain(account.email);
});
