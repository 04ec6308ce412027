import fs from "node:fs";
import path from "node:path";
import type { APIResponse, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO_URL, expect, gotoHydrated, waitForHydration } from "./fixtures";

// Helpers for the profile tests: fresh accounts registered through /auth and confirmed from the
// outbox, sign-in and sign-out through the UI, toasts, and images made with sharp.

/** Where the demo server writes its mails (playwright.config.ts: DATA_DIR of the demo server). */
const OUTBOX = path.resolve(`test-results/data-${new URL(DEMO_URL).port}/demo/outbox`);

export const PASSWORD = "profile test password long";

export type Account = { email: string; password: string };

/** An address no other test uses. */
export function uniqueEmail(tag: string): string {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${tag}-${id}@profile.test`;
}

type Mail = { file: string; to: string; subject: string; body: string };

function readMails(): Mail[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return (
    fs
      .readdirSync(OUTBOX)
      .filter((name) => name.endsWith(".eml"))
      // Names start with an ISO timestamp: newest first after this sort.
      .sort()
      .reverse()
      .map((name) => {
        const text = fs.readFileSync(path.join(OUTBOX, name), "utf8");
        const split = text.indexOf("\r\n\r\n");
        const head = text.slice(0, split);
        return {
          file: name,
          to: /^To: (.*)$/m.exec(head)?.[1]?.trim() ?? "",
          subject: /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? "",
          body: text.slice(split + 4),
        };
      })
  );
}

/** The first link of the newest mail to this address, polled until the mail is there. */
export async function newestLinkTo(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = readMails().find((m) => m.to.toLowerCase() === email.toLowerCase());
        link = mail?.body.match(/https?:\/\/\S+/)?.[0];
        return link;
      },
      { message: `a mail with a link reaches ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** A toast on screen (the toaster keeps older ones hidden in the page, data-visible="false"). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
}

/** The account menu button in the header: present only when signed in. */
export function accountMenu(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Account menu for / });
}

/**
 * Registers a new account on /auth's Register tab, opens the confirmation link from its mail and
 * makes sure the page ends signed in as that account.
 */
export async function registerAccount(page: Page, tag: string): Promise<Account> {
  const account = { email: uniqueEmail(tag), password: PASSWORD };
  await gotoHydrated(page, "/auth");
  await page.getByRole("tab", { name: "Register" }).click();
  await page.locator("#register-email").fill(account.email);
  await page.locator("#register-password").fill(account.password);
  await page.locator("#register-confirm").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(toast(page, "Signed up successfully")).toBeVisible();

  await page.goto(await newestLinkTo(account.email));
  await waitForHydration(page);
  // Confirming the address signs the account in (autoSignInAfterVerification); when it did not,
  // sign in on /auth like a returning user.
  if (!(await accountMenu(page).isVisible())) await signIn(page, account);
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${account.email}`);
  return account;
}

/** Signs in through the /auth form and waits for the home page. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await gotoHydrated(page, "/auth");
  await page.locator("#login-email").fill(account.email);
  await page.locator("#login-password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page);
  await expect(accountMenu(page)).toBeVisible();
}

/** A new page in a new context, watched by the console guard, signed in as the account. */
export async function signedInPage(
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  extraHTTPHeaders: Record<string, string> | undefined,
  account: Account,
): Promise<Page> {
  const context = await newContext({ extraHTTPHeaders });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** Opens /profile on a tab and waits for hydration. */
export async function openProfile(page: Page, tab?: "profile" | "activity" | "settings") {
  const response = await gotoHydrated(page, tab ? `/profile?tab=${tab}` : "/profile");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
}

/** The signed-in account's id, as Settings > Account Information shows it. */
export async function accountId(page: Page): Promise<string> {
  await openProfile(page, "settings");
  const id = await page
    .locator("dt", { hasText: "Account ID" })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  expect(id?.trim()).toMatch(/^[\w-]{8,64}$/);
  return id!.trim();
}

/** The header's avatar image (the Avatar on the Profile tab has its own test id). */
export function headerAvatar(page: Page) {
  return page.getByRole("banner").getByTestId("header-avatar");
}

/** A solid-colour image of the given format. */
export async function solidImage(
  format: "png" | "jpeg",
  colour: { r: number; g: number; b: number },
  size = 64,
): Promise<Buffer> {
  const image = sharp({
    create: { width: size, height: size, channels: 3, background: colour },
  });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** The average colour of an image the server answered. */
export async function averageColour(response: APIResponse) {
  const stats = await sharp(await response.body()).stats();
  const [r, g, b] = stats.channels.map((c) => Math.round(c.mean));
  return { r: r!, g: g!, b: b! };
}

/** Whether a colour is close to the expected one (lossy encodings shift it a little). */
export function near(actual: { r: number; g: number; b: number }, expected: typeof actual) {
  return (
    Math.abs(actual.r - expected.r) < 24 &&
    Math.abs(actual.g - expected.g) < 24 &&
    Math.abs(actual.b - expected.b) < 24
  );
}
