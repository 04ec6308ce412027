import type { Locator, Page } from "@playwright/test";
import { DEMO_URL, expect, gotoHydrated } from "./fixtures";

// Helpers shared by the admin dashboard's browser tests (docs/product.md#admin-dashboard).

/** The admin operations the servers can be made to fail (app/platform/server/faults.server.ts). */
export type FaultOperation =
  | "mark-read"
  | "news-create"
  | "news-update"
  | "news-delete"
  | "game-create"
  | "game-update"
  | "game-delete"
  | "games-reorder";

/** A suffix that keeps titles and subjects unique on the shared demo server. */
export function uniqueId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** Makes the demo server fail this admin operation for every later request of the page's context. */
export async function injectFault(page: Page, operation: FaultOperation): Promise<void> {
  await page.context().addCookies([{ name: "studio_fault", value: operation, url: DEMO_URL }]);
}

/** Lets the server work normally again. */
export async function clearFault(page: Page): Promise<void> {
  await page.context().clearCookies({ name: "studio_fault" });
}

const SEEN = "data-seen-by-test";

/**
 * The toast on screen (the store shows one at a time; older ones wait hidden behind it) showing
 * this title and, if given, this description, and not yet matched by an earlier `expectToast`.
 */
export function toast(page: Page, title: string, description?: string): Locator {
  let found = page.locator(`[data-sonner-toast][data-visible="true"]:not([${SEEN}])`).filter({
    has: page.locator("[data-title]").getByText(title, { exact: true }),
  });
  if (description !== undefined) {
    found = found.filter({
      has: page.locator("[data-description]").getByText(description, { exact: true }),
    });
  }
  return found;
}

/**
 * Asserts a new toast is on screen: one that appeared since the last `expectToast`, so the same
 * message shown twice in a row is told apart.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  await expect(toast(page, title, description)).toBeVisible();
  await page.locator("[data-sonner-toast]").evaluateAll((toasts, seen) => {
    for (const element of toasts) element.setAttribute(seen, "");
  }, SEEN);
}

/**
 * Records the title of every toast shown in this page from now on, even one that is gone again
 * before the test looks (a busy machine can take longer than a toast stays). Returns a reader.
 */
export async function recordToastTitles(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const titles: string[] = [];
    const seen = new WeakSet<Element>();
    Object.assign(window, { recordedToastTitles: titles });
    new MutationObserver(() => {
      for (const title of document.querySelectorAll("[data-sonner-toast] [data-title]")) {
        if (seen.has(title)) continue;
        seen.add(title);
        titles.push(title.textContent ?? "");
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { recordedToastTitles: string[] }).recordedToastTitles,
    );
}

/** Opens /admin (hydrated) and, if named, one of its tabs. */
export async function openAdmin(
  page: Page,
  tab?: "Contact Messages" | "News Management" | "Game Management",
) {
  await gotoHydrated(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  if (tab) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
  }
}

/**
 * A forged admin write: the signed-in page's cookies, a same-site Origin, and a form the UI would
 * never send. Returns the server's answer.
 */
export function forgeAdminPost(page: Page, form: Record<string, string>) {
  return page.request.post("/admin", {
    form,
    headers: { Origin: DEMO_URL },
    maxRedirects: 0,
  });
}

export type ContactMessage = { name: string; email: string; subject: string; message: string };

export function newContactMessage(label = "Admin inbox test"): ContactMessage {
  const id = uniqueId();
  return {
    name: `Grace Visitor ${id}`,
    email: `grace.${id}@example.com`,
    subject: `${label} ${id}`,
    message: `First line of the message ${id}.\nSecond line.`,
  };
}

/** A visitor sends the message through the contact form and sees it accepted. */
export async function sendContactMessage(page: Page, message: ContactMessage): Promise<void> {
  await gotoHydrated(page, "/contact");
  await page.getByLabel("Name", { exact: true }).fill(message.name);
  await page.getByLabel("Email", { exact: true }).fill(message.email);
  await page.getByLabel("Subject", { exact: true }).fill(message.subject);
  await page.getByLabel("Message", { exact: true }).fill(message.message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message sent!");
}
