import type { Page } from "@playwright/test";
import { gotoHydrated, holdRequests } from "../support/browser";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { DEMO_URL, expect } from "./fixtures";

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

/** Makes the demo server fail this admin operation for every later request of the page's context. */
export async function injectFault(page: Page, operation: FaultOperation): Promise<void> {
  await page.context().addCookies([{ name: "studio_fault", value: operation, url: DEMO_URL }]);
}

/** Lets the server work normally again. */
export async function clearFault(page: Page): Promise<void> {
  await page.context().clearCookies({ name: "studio_fault" });
}

/** Opens /admin (hydrated) and, if named, one of its tabs. */
export async function openAdmin(
  page: Page,
  tab?: "Contact Messages" | "News Management" | "Game Management" | "Pages",
) {
  await gotoHydrated(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  if (tab) {
    await page.getByRole("tab", { name: tab }).click();
    await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
  }
}

/**
 * A forged admin write to a tab's action, where the dashboard posts (its data endpoint): the
 * signed-in page's cookies, a same-site Origin, and a form the UI would never send. Returns the
 * server's answer. (Posted to the page's address instead, the answer to a tab the role may not open
 * is the redirect to the first it may: the page is drawn after the refusal.)
 */
export function forgeAdminPost(
  page: Page,
  tab: "messages" | "news" | "games" | "pages",
  form: Record<string, string>,
) {
  return page.request.post(`/admin/${tab}.data`, {
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

/**
 * Holds the dashboard's writes (POST /admin/<tab>.data) until `release` is called, so what shows
 * before the server answers (the optimistic state) can be seen.
 */
export async function holdAdminWrites(page: Page): Promise<() => void> {
  const { release } = await holdRequests(
    page,
    "**/admin/*.data*",
    (request) => request.method() === "POST",
  );
  return release;
}
