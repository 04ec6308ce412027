import type { Locator, Page } from "@playwright/test";
import { countPosts, gotoHydrated, reloadHydrated, waitForHydration } from "../support/browser";
import {
  accountMenu,
  firstLink,
  mailsTo,
  openAccountMenu,
  submitLogin,
  submitRegister,
  waitForMail,
} from "../support/browser-accounts";
import { expectToast } from "../support/toasts";
import { E2E_PASSWORD, NEW_PASSWORD, roleEmail, uniqueEmail } from "../support/users";
import { DEMO_URL, expect, statusMessage, test } from "./fixtures";

// Sign-in, registration with e-mail confirmation, sign-out and the sign-in form's defences, through
// the real /auth page and server (docs/product.md#auth).

const INVALID_CREDENTIALS = "Invalid email or password";

/** The form-level error of the visible /auth form (inline, role=alert). */
const formError = (page: Page) => page.locator("form [role=alert]");

/** The rendered text colour, in sRGB 0-255 (CSS colours may be oklch). */
async function rgbOf(locator: Locator): Promise<[number, number, number]> {
  return locator.evaluate((element) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    if (!ctx) throw new Error("no canvas");
    ctx.fillStyle = getComputedStyle(element).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
  });
}

/** Registers through /auth's form: back on /auth with the spec's sign-up toast. */
async function registerOnAuth(page: Page, email: string) {
  await gotoHydrated(page, "/auth");
  await submitRegister(page, email);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await expectToast(
    page,
    "Signed up successfully",
    "Please check your email to confirm your account.",
  );
}

async function expectRed(locator: Locator) {
  const [r, g, b] = await rgbOf(locator);
  expect(r, `rgb(${r}, ${g}, ${b}) reads as red`).toBeGreaterThan(g + 60);
  expect(r, `rgb(${r}, ${g}, ${b}) reads as red`).toBeGreaterThan(b + 60);
}

test("mismatched passwords show 'Passwords do not match' and create no account", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(401));
  const email = uniqueEmail("mismatch");
  await gotoHydrated(page, "/auth");
  const posts = countPosts(page);
  await submitRegister(page, email, NEW_PASSWORD, `${NEW_PASSWORD} but different`);

  const message = page.getByText("Passwords do not match", { exact: true });
  await expect(message).toBeVisible();
  await expectRed(message);
  await expect(page.locator("#register-confirm")).toHaveAttribute("aria-invalid", "true");
  // The user keeps what they typed and stays on the Register tab; nothing was sent.
  await expect(page.locator("#register-email")).toHaveValue(email);
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  expect(posts()).toBe(0);

  // No account exists: signing in with the address is refused like any unknown address (an
  // unconfirmed account would be asked to confirm instead), and no confirmation mail went out.
  await submitLogin(page, email, NEW_PASSWORD);
  await expect(formError(page)).toHaveText(INVALID_CREDENTIALS);
  expect(mailsTo(email)).toHaveLength(0);
});

test("a new account is confirmed from the mailed link, then signs in as a Guest", async ({
  page,
  newContext,
  extraHTTPHeaders,
  allowConsoleMessage,
}) => {
  test.slow(); // registers, confirms and signs in twice
  allowConsoleMessage(statusMessage(403));
  const email = uniqueEmail("newcomer");
  await registerOnAuth(page, email);
  const confirmation = await waitForMail(email, { subject: /^Confirm your/ });
  expect(confirmation.to).toBe(email);

  // Signing in before confirming: the server's message, inline and in red, and the toast.
  await waitForHydration(page);
  const before = mailsTo(email);
  await submitLogin(page, email, NEW_PASSWORD);
  const refusal = formError(page);
  await expect(refusal).toHaveText(
    "Please confirm your email address first. We have sent you a new confirmation link.",
  );
  await expectRed(refusal);
  await expectToast(page, "Error signing in", /^Please confirm your email address first\./);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  await expect(accountMenu(page, email)).toHaveCount(0);
  // As it says, a new link was sent.
  const resent = await waitForMail(email, { after: before, subject: /^Confirm your/ });

  // The link is opened in the mail client (another browser context): it confirms the address and
  // signs that browser in.
  const mailClient = await newContext({ extraHTTPHeaders });
  const tab = await mailClient.newPage();
  const link = firstLink(resent);
  expect(new URL(link).origin).toBe(DEMO_URL);
  await tab.goto(link);
  await expect(tab).toHaveURL((url) => url.pathname === "/");
  await expect(accountMenu(tab, email)).toBeVisible();

  // Back in the first browser, signing in now works.
  await submitLogin(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Signed in successfully", "Welcome back!");
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await waitForHydration(page);
  const menu = await openAccountMenu(page, email);
  await expect(menu.getByText(email, { exact: true })).toBeVisible();
  await expect(menu.getByTestId("account-role")).toHaveText("Guest");
});

test("after registering the form is emptied and says to check the inbox; the mailed link lands signed in with 'Email confirmed'", async ({
  page,
  newContext,
  extraHTTPHeaders,
}) => {
  const email = uniqueEmail("inbox");
  await registerOnAuth(page, email);
  // A notice that stays on the page, not only the toast.
  const notice = page.getByRole("status").filter({ hasText: "Check your inbox" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("We sent a link to confirm your account");
  // Nothing typed is left in the form.
  await page.getByRole("tab", { name: "Register" }).click();
  await expect(page.locator("#register-email")).toHaveValue("");
  await expect(page.locator("#register-password")).toHaveValue("");
  await expect(page.locator("#register-confirm")).toHaveValue("");

  // The link, opened in the mail client, confirms the address, signs that browser in and says so.
  const confirmation = await waitForMail(email, { subject: /^Confirm your/ });
  const mailClient = await newContext({ extraHTTPHeaders });
  const tab = await mailClient.newPage();
  await tab.goto(firstLink(confirmation));
  await expect(tab).toHaveURL((url) => url.pathname === "/" && url.search === "");
  await expectToast(tab, "Email confirmed", "Your account is ready, and you are signed in.");
  await expect(accountMenu(tab, email)).toBeVisible();

  // The same link again, in a browser that is not signed in: confirmed already, so it says so and
  // asks to sign in.
  const other = await (await newContext({ extraHTTPHeaders })).newPage();
  await other.goto(firstLink(confirmation));
  await expect(other).toHaveURL((url) => url.pathname === "/auth");
  await expectToast(other, "Email confirmed", "Sign in to continue.");
  await expect(accountMenu(other, email)).toHaveCount(0);
});

test("a forged confirmation link lands on /auth saying it is invalid", async ({ page }) => {
  const forged = new URL("/api/auth/verify-email", DEMO_URL);
  forged.searchParams.set("token", "not-a-token");
  forged.searchParams.set("callbackURL", "/auth/email-confirmed");
  await page.goto(forged.href);
  await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.search === "");
  await expectToast(
    page,
    "This confirmation link is invalid or has expired",
    "Sign in to get a new one.",
  );
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("a wrong password and an unknown email get the very same refusal", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(401));
  await gotoHydrated(page, "/auth");

  await submitLogin(page, roleEmail("guest"), "not the right password");
  const wrongPassword = formError(page);
  await expect(wrongPassword).toHaveText(INVALID_CREDENTIALS);
  await expectRed(wrongPassword);
  await expectToast(page, "Error signing in", INVALID_CREDENTIALS);
  // The address stays filled in.
  await expect(page.locator("#login-email")).toHaveValue(roleEmail("guest"));
  const wrongPasswordText = await wrongPassword.textContent();

  // Dismiss the toast so the next one is certainly new.
  const front = page.locator('[data-sonner-toast][data-front="true"]');
  await front.getByRole("button", { name: /close/i }).click();
  await expect(front).toHaveCount(0);

  await submitLogin(page, uniqueEmail("nobody"), "not the right password");
  await expect(formError(page)).toHaveText(INVALID_CREDENTIALS);
  expect(await formError(page).textContent()).toBe(wrongPasswordText);
  await expectToast(page, "Error signing in", INVALID_CREDENTIALS);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
});

test("signing out from the account menu toasts and leaves the visitor signed out", async ({
  page,
  allowConsoleMessage,
}) => {
  // /profile answers a signed-out visitor with 401.
  allowConsoleMessage(statusMessage(401));
  const email = roleEmail("guest");
  await gotoHydrated(page, "/auth");
  await submitLogin(page, email, E2E_PASSWORD);
  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page);

  const menu = await openAccountMenu(page, email);
  await menu.getByRole("menuitem", { name: "Sign Out" }).click();

  await expectToast(page, "Signed out successfully", "You have been signed out.");
  await expect(page).toHaveURL((url) => url.pathname === "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(accountMenu(page, email)).toHaveCount(0);

  // Also after a full reload, and on the profile page.
  await page.goto("/profile");
  await expect(
    page.getByText("Please sign in to view your profile.", { exact: true }),
  ).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
});

test("on a phone, the header menu shows the account and signs out", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(401));
  await page.setViewportSize({ width: 390, height: 844 });
  const email = roleEmail("guest");
  await gotoHydrated(page, "/auth");
  await submitLogin(page, email, E2E_PASSWORD);
  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page);

  await page.getByRole("button", { name: "Open menu" }).click();
  const mobile = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobile.getByText(email, { exact: true })).toBeVisible();
  await expect(mobile.getByText("Guest", { exact: true })).toBeVisible();
  await mobile.getByRole("button", { name: "Sign Out" }).click();
  await expectToast(page, "Signed out successfully");
  const toggle = page.getByRole("button", { name: /^(Open|Close) menu$/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  await expect(mobile.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(mobile.getByText(email)).toHaveCount(0);
});

test("ten wrong passwords for one account from one address: the next attempt is told how long to wait", async ({
  page,
  allowConsoleMessage,
}) => {
  test.slow(); // a dozen sign-ins; password hashing is deliberately slow
  allowConsoleMessage(statusMessage(401));
  allowConsoleMessage(statusMessage(429));
  await gotoHydrated(page, "/auth");
  const email = roleEmail("guest");
  const attempt = async (password: string, account = email) => {
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && new URL(response.url()).pathname === "/auth.data",
    );
    await submitLogin(page, account, password);
    return (await answered).status();
  };
  for (let n = 1; n <= 10; n++) {
    expect(await attempt(`wrong password ${n}`), `attempt ${n} is judged on its merits`).toBe(401);
    await expect(formError(page)).toHaveText(INVALID_CREDENTIALS);
  }
  expect(await attempt("wrong password 11")).toBe(429);
  const refusal = formError(page);
  await expect(refusal).toHaveText("Too many failed sign-in attempts. Try again in 15 minutes.");
  await expectRed(refusal);
  await expectToast(page, "Error signing in", /^Too many failed sign-in attempts\./);

  // Even the right password is refused from this address while the lock lasts.
  expect(await attempt(E2E_PASSWORD)).toBe(429);
  await expect(formError(page)).toHaveText(/^Too many failed sign-in attempts\./);
  await expect(page).toHaveURL((url) => url.pathname === "/auth");

  // Someone else at the same address signs in as usual.
  await submitLogin(page, roleEmail("moderator"), E2E_PASSWORD);
  await page.waitForURL((url) => url.pathname === "/");
});

test("without JavaScript the login form posts and signs in", async ({
  newContext,
  extraHTTPHeaders,
}) => {
  const context = await newContext({ javaScriptEnabled: false, extraHTTPHeaders });
  const page = await context.newPage();
  const email = roleEmail("guest");
  await page.goto("/auth");
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(E2E_PASSWORD);
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/auth",
    ),
    page.getByRole("button", { name: "Sign in", exact: true }).click(),
  ]);
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
  await page.waitForURL((url) => url.pathname === "/");
  // The server-rendered header shows the account instead of Sign In.
  await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toHaveCount(0);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  await expect(page.getByRole("main").getByText(email).first()).toBeVisible();
  await expect(page.getByText("Please sign in to view your profile.")).toHaveCount(0);
});

test("without JavaScript a wrong password shows the server's message", async ({
  newContext,
  extraHTTPHeaders,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(401));
  const context = await newContext({ javaScriptEnabled: false, extraHTTPHeaders });
  const page = await context.newPage();
  await page.goto("/auth");
  await page.locator("#login-email").fill(roleEmail("guest"));
  await page.locator("#login-password").fill("not the right password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("form [role=alert]")).toHaveText(INVALID_CREDENTIALS);
  await expect(page.locator("#login-email")).toHaveValue(roleEmail("guest"));
});

test("a sign-in posted from a foreign site is refused with 403", async ({ request }) => {
  const form = { intent: "login", email: roleEmail("guest"), password: E2E_PASSWORD };
  const foreign = await request.post("/auth", {
    form,
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toBe("Cross-site request refused.");
  const cookies = foreign.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
  expect(cookies.map((c) => c.value).join("\n")).not.toMatch(/session_token/);

  // The same form from the site itself is accepted: it is the origin that was refused.
  const own = await request.post("/auth", {
    form,
    headers: { Origin: DEMO_URL },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(302);
  expect(own.headers().location).toBe("/");
});

test.describe("an expired session comes back to where it was sent away from", () => {
  const unauthorized = async (page: Page) => {
    await expectToast(page, "Unauthorized");
  };
  /** The browser drops the session cookie when it expires: the server sees a signed-out visitor. */
  const expireSession = (page: Page) =>
    page.context().clearCookies({ name: /session_token|session_data/ });

  test("reloading the dashboard leads to /auth, and signing in returns to its tab", async ({
    page,
  }) => {
    await gotoHydrated(page, "/auth");
    await submitLogin(page, roleEmail("admin"), E2E_PASSWORD);
    await page.waitForURL((url) => url.pathname === "/");
    await gotoHydrated(page, "/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/messages");

    await expireSession(page);
    await reloadHydrated(page);
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin/messages");
    await unauthorized(page);
    await waitForHydration(page);

    await submitLogin(page, roleEmail("admin"), E2E_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === "/admin/messages");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expectToast(page, "Signed in successfully");
  });

  test("a save on /admin after the session ended leads to /auth and back to the same tab", async ({
    page,
    allowConsoleMessage,
  }) => {
    // The editor's live preview, asked for while typing, is refused too once the session ended
    // (whether it is sent before the save leaves the page is a race).
    allowConsoleMessage(statusMessage(401));
    await gotoHydrated(page, "/auth");
    await submitLogin(page, roleEmail("admin"), E2E_PASSWORD);
    await page.waitForURL((url) => url.pathname === "/");
    await gotoHydrated(page, "/admin");
    await page.getByRole("tab", { name: "News Management" }).click();
    // The tab's own load must be over before the session ends: a load still on its way when it
    // ends is sent to /auth before the form is there (seen on a slow machine).
    await expect(page).toHaveURL((url) => url.pathname === "/admin/news");
    await expect(page.getByLabel("Title", { exact: true })).toBeVisible();

    await expireSession(page);
    await page.getByLabel("Title", { exact: true }).fill("Written while signed out");
    await page.getByLabel("Content", { exact: true }).fill("Never saved.");
    await page.getByRole("button", { name: "Add News", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
    // The open tab is in the address, so the way back opens it again.
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/admin/news");
    await waitForHydration(page);

    await submitLogin(page, roleEmail("admin"), E2E_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === "/admin/news");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "News Management" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  test("a redirectTo to another site is ignored: signing in lands on the home page", async ({
    page,
  }) => {
    for (const target of ["//evil.example/admin", "https://evil.example/admin"]) {
      await page.context().clearCookies();
      await gotoHydrated(page, `/auth?redirectTo=${encodeURIComponent(target)}`);
      await submitLogin(page, roleEmail("admin"), E2E_PASSWORD);
      await expect(page).toHaveURL((url) => url.origin === DEMO_URL && url.pathname === "/");
    }
  });
});
