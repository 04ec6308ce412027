import path from "node:path";
import {
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from "@playwright/test";
import type { Role } from "../../app/roles/permissions";
import { DEMO_URL } from "../../playwright.config";
import { gotoHydrated, waitForHydration } from "./browser";
import { type Mail, mailsIn } from "./outbox";
import { ROOT } from "./processes";
import { expectToast } from "./toasts";
import { type Account, E2E_PASSWORD, NEW_PASSWORD, roleEmail, uniqueEmail } from "./users";

// Accounts in the browser tests, through the real forms: registering and confirming from the demo
// server's outbox, signing in (as a new account or a seeded role), and the header's account menu.

/** The demo server's outbox (playwright.config.ts: DATA_DIR is test-results/data-<port>/demo). */
export const OUTBOX = path.join(ROOT, `test-results/data-${new URL(DEMO_URL).port}/demo/outbox`);

/** The mails the demo server sent to an address, oldest first. */
export function mailsTo(email: string): Mail[] {
  return mailsIn(OUTBOX, email);
}

/**
 * Waits for a mail to the address (newer than the `after` mails, if given) and returns the newest,
 * polling the outbox directory.
 */
export async function waitForMail(
  email: string,
  options: { after?: Mail[]; subject?: RegExp } = {},
): Promise<Mail> {
  const seen = new Set((options.after ?? []).map((mail) => mail.file));
  const fresh = () =>
    mailsTo(email).filter(
      (mail) => !seen.has(mail.file) && (!options.subject || options.subject.test(mail.subject)),
    );
  await expect
    .poll(() => fresh().length, { message: `a mail to ${email} in ${OUTBOX}`, timeout: 15_000 })
    .toBeGreaterThan(0);
  const mails = fresh();
  return mails[mails.length - 1] as Mail;
}

/** The first link of a mail. */
export function firstLink(mail: Mail): string {
  const link = mail.links[0];
  if (!link) throw new Error(`no link in the mail to ${mail.to}: ${mail.text}`);
  return link;
}

/** Fills and sends the Register tab of /auth (the page must be on /auth and hydrated). */
export async function submitRegister(
  page: Page,
  email: string,
  password = NEW_PASSWORD,
  confirm = password,
) {
  await page.getByRole("tab", { name: "Register" }).click();
  await page.locator("#register-email").fill(email);
  await page.locator("#register-password").fill(password);
  await page.locator("#register-confirm").fill(confirm);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** Fills and sends the Login tab of /auth (the page must be on /auth and hydrated). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole("tab", { name: "Login" }).click();
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Registers a new account through /auth and opens the mailed confirmation link in the same page,
 * which confirms the address and signs the page in (it lands on the home page, hydrated).
 */
export async function registerAccount(
  page: Page,
  email = uniqueEmail("account"),
  password = NEW_PASSWORD,
): Promise<Account> {
  await gotoHydrated(page, "/auth");
  await submitRegister(page, email, password);
  await expectToast(page, "Signed up successfully");
  const mail = await waitForMail(email, { subject: /^Confirm your/ });
  await page.goto(firstLink(mail));
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await waitForHydration(page);
  await expect(accountMenu(page, email)).toBeVisible();
  return { email, password };
}

/** Signs in through the /auth form and waits for the home page, hydrated and signed in. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await signInThroughForm(page, account);
  await expect(accountMenu(page, account.email)).toBeVisible();
}

/**
 * Signs in as the seeded user of that role (tests/support/seed-e2e.ts) with a session of the page's
 * own, and waits for the home page, hydrated. No look at the header: on a phone the account menu is
 * folded away. The sign-in form is posted without rendering it (the page's own request context, so
 * the session cookie lands in the browser). A test that only needs to be that role starts with the
 * worker's shared session instead (`test.use({ role })` or `signedInAs`, tests/e2e/fixtures.ts),
 * which costs no password hash and no page load.
 */
export async function signInAs(page: Page, role: Role): Promise<void> {
  const answer = await page.request.post("/auth", {
    form: { intent: "login", email: roleEmail(role), password: E2E_PASSWORD },
    maxRedirects: 0,
  });
  expect(answer.status(), `signing in as ${role}`).toBe(302);
  expect(answer.headers().location).toBe("/");
  await gotoHydrated(page, "/");
}

async function signInThroughForm(page: Page, account: Account): Promise<void> {
  await gotoHydrated(page, "/auth");
  await submitLogin(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page);
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

/** The header's account menu button (for that address, if given): present only when signed in. */
export function accountMenu(page: Page, email?: string) {
  return page
    .getByRole("banner")
    .getByRole("button", { name: email ? `Account menu for ${email}` : /^Account menu for / });
}

/**
 * Opens the header's account menu and returns the open menu. On a machine shared with other jobs a
 * click right after hydration was once lost (the trigger stayed closed, aria-expanded false, for
 * the whole wait); the trigger is clicked again only while it says it is closed, so a late first
 * click is never undone by a second.
 */
export async function openAccountMenu(page: Page, email: string) {
  const trigger = accountMenu(page, email);
  const menu = page.getByRole("menu");
  await expect(async () => {
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
    await expect(menu).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  return menu;
}
