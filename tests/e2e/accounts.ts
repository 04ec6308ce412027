import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Locator, type Page } from "@playwright/test";
import { DEMO_URL } from "../../playwright.config";
import { gotoHydrated, waitForHydration } from "./fixtures";

// Account helpers for the browser tests: fresh addresses, the demo server's outbox (mails are
// written to DATA_DIR/outbox/*.eml), registering and confirming through the real forms, and the
// header's account menu.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The demo server's outbox (see playwright.config.ts: DATA_DIR is test-results/data-<port>/demo). */
export const OUTBOX = path.join(ROOT, `test-results/data-${new URL(DEMO_URL).port}/demo/outbox`);

/** A long enough password for new accounts. */
export const NEW_PASSWORD = "a fresh passphrase for tests";

/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${prefix}.${id}@example.test`;
}

export type Mail = { file: string; to: string; subject: string; text: string; links: string[] };

function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, "utf8");
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const text = raw.slice(split + 4);
  const header = (name: string) =>
    head.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
  return {
    file,
    to: header("To"),
    subject: header("Subject"),
    text,
    links: text.match(/https?:\/\/\S+/g) ?? [],
  };
}

/** The mails sent to an address, oldest first (file names start with the send time). */
export function mailsTo(email: string): Mail[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readdirSync(OUTBOX)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readMail(path.join(OUTBOX, name)))
    .filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
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
    .poll(() => fresh().length, { message: `a mail to ${email} in ${OUTBOX}`, timeout: 10_000 })
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
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Registers a new account through /auth and opens the mailed confirmation link in the same page,
 * which confirms the address and signs the page in (it lands on the home page).
 */
export async function registerConfirmed(page: Page, email: string, password = NEW_PASSWORD) {
  await gotoHydrated(page, "/auth");
  await submitRegister(page, email, password);
  await expect(toasts(page).getByText("Signed up successfully", { exact: true })).toBeVisible();
  const mail = await waitForMail(email, { subject: /^Confirm your/ });
  await page.goto(firstLink(mail));
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await waitForHydration(page);
  await expect(accountMenuButton(page, email)).toBeVisible();
}

/** Signs in through /auth with an email and password and waits for the home page. */
export async function signInWith(page: Page, email: string, password = NEW_PASSWORD) {
  await gotoHydrated(page, "/auth");
  await submitLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === "/");
  await waitForHydration(page);
}

/** The newest toast, the one in front (sonner keeps older ones in the DOM behind it). */
export const toasts = (page: Page): Locator =>
  page.locator('[data-sonner-toast][data-front="true"]');

/** The header's account menu button for an address. */
export const accountMenuButton = (page: Page, email: string): Locator =>
  page.getByRole("button", { name: `Account menu for ${email}` });

/** Opens the header's account menu and returns the open menu. */
export async function openAccountMenu(page: Page, email: string): Promise<Locator> {
  await accountMenuButton(page, email).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}
