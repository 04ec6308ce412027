import type { Page } from "@playwright/test";
import { reloadHydrated } from "../support/browser";
import { expectToast, recordToastTitles } from "../support/toasts";
import {
  clearFault,
  injectFault,
  newContactMessage,
  openAdmin,
  sendContactMessage,
} from "./admin-support";
import { DEMO_URL, expect, LIST_DATE, statusMessage, test, textOf } from "./fixtures";

// The Contact Messages tab (docs/product.md#contact-messages-tab): a visitor's message reaches the
// staff inbox, opening it marks it read for good, and a failing save is told and undone. Every test
// finds its own message by a unique subject: the demo server is shared.

/** 'MMMM d, yyyy h:mm a' (docs/product.md#date-formats). */
const DETAIL_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)$/;

const messageRow = (page: Page, subject: string) =>
  page.getByTestId("messages-list").getByRole("row").filter({ hasText: subject });

test("a visitor's message arrives unread, opens in full, becomes read for good and can be answered", async ({
  page,
  signedInAs,
}) => {
  const message = newContactMessage();
  await sendContactMessage(page, message);

  await signedInAs("moderator");
  await openAdmin(page);
  await expect(page.getByRole("tab", { name: "Contact Messages" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByText("Select a message to view details", { exact: true })).toBeVisible();
  await expect(page.getByTestId("message-detail")).toHaveCount(0);

  const row = messageRow(page, message.subject);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(0)).toHaveText(message.name);
  await expect(row.getByRole("cell").nth(1)).toHaveText(message.subject);
  expect(await textOf(row.getByRole("cell").nth(2))).toMatch(LIST_DATE);
  await expect(row.getByRole("img", { name: "Unread", exact: true })).toBeVisible();
  await expect(row.getByRole("img", { name: "Read", exact: true })).toHaveCount(0);

  // Opening it saves it as read on the server, then reloads the inbox.
  const toastTitles = await recordToastTitles(page);
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/admin/messages.data",
  );
  const reloaded = saved.then(() =>
    page.waitForResponse(
      (r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/admin/messages.data",
    ),
  );
  await row.getByRole("button", { name: message.name }).click();

  const detail = page.getByTestId("message-detail");
  await expect(page.getByText("Select a message to view details", { exact: true })).toHaveCount(0);
  await expect(detail.getByRole("heading", { name: message.subject })).toBeVisible();
  await expect(detail.getByText(message.name, { exact: true })).toBeVisible();
  await expect(detail.getByText(`<${message.email}>`, { exact: true })).toBeVisible();
  expect(await textOf(detail.locator("p").nth(1))).toMatch(DETAIL_DATE);
  // The message keeps its lines.
  expect(
    await detail
      .locator("p")
      .nth(2)
      .evaluate((p) => p.textContent),
  ).toBe(message.message);
  await expect(row).toHaveAttribute("aria-selected", "true");

  // Opening it marks it read quietly: shown by the check, and the button has nothing left to do.
  // 'Message marked as read' answers the button alone (docs/product.md#contact-messages-tab).
  expect((await saved).status()).toBe(200);
  await reloaded;
  await expect(row.getByRole("img", { name: "Read", exact: true })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await toastTitles()).not.toContain("Message marked as read");
  await expect(row.getByRole("img", { name: "Unread", exact: true })).toHaveCount(0);
  await expect(detail.getByRole("button", { name: "Mark as read" })).toBeDisabled();

  // The reply is a mail draft to the sender with the subject prefixed 'Re: '.
  const reply = detail.getByRole("link", { name: "Reply via Email" });
  const href = (await reply.getAttribute("href")) ?? "";
  expect(href).toBe(
    `mailto:${message.email}?subject=Re%3A%20${encodeURIComponent(message.subject)}`,
  );
  const draft = new URL(href);
  expect(draft.protocol).toBe("mailto:");
  expect(decodeURIComponent(draft.pathname)).toBe(message.email);
  expect(decodeURIComponent(draft.search.replace(/^\?subject=/, ""))).toBe(
    `Re: ${message.subject}`,
  );

  // The server saved it: still read after a reload.
  await reloadHydrated(page);
  await expect(messageRow(page, message.subject).getByRole("img", { name: "Read" })).toBeVisible();
  await expect(messageRow(page, message.subject).getByRole("img", { name: "Unread" })).toHaveCount(
    0,
  );
});

test("when the server cannot mark a message read, an error is told and the message stays unread", async ({
  page,
  allowConsoleMessage,
  signedInAs,
}) => {
  allowConsoleMessage(statusMessage(500));
  const message = newContactMessage("Unsaved read");
  await sendContactMessage(page, message);
  await signedInAs("moderator");
  await injectFault(page, "mark-read");
  await openAdmin(page);

  const row = messageRow(page, message.subject);
  await row.getByRole("button", { name: message.name }).click();
  await expectToast(page, "Error", "The server could not save the change.");
  // The optimistic check goes away again: the inbox shows what the server holds.
  await expect(row.getByRole("img", { name: "Unread", exact: true })).toBeVisible();
  const markRead = page.getByTestId("message-detail").getByRole("button", { name: "Mark as read" });
  await expect(markRead).toBeEnabled();

  await reloadHydrated(page);
  await expect(
    messageRow(page, message.subject).getByRole("img", { name: "Unread", exact: true }),
  ).toBeVisible();
  await messageRow(page, message.subject).getByRole("button", { name: message.name }).click();
  await expectToast(page, "Error", "The server could not save the change.");

  // Once the server works again, the Mark as read button saves it and says so.
  await clearFault(page);
  await expect(markRead).toBeEnabled();
  await markRead.click();
  await expectToast(page, "Message marked as read");
  await expect(markRead).toBeDisabled();
  await reloadHydrated(page);
  await expect(
    messageRow(page, message.subject).getByRole("img", { name: "Read", exact: true }),
  ).toBeVisible();
});

test("the message list is at most 400px tall and scrolls, keeping its column headings", async ({
  page,
  signedInAs,
}) => {
  // Enough messages to overflow the list, sent to the real contact action.
  const sent = Array.from({ length: 14 }, () => newContactMessage("Inbox filler"));
  for (const message of sent) {
    const response = await page.request.post("/contact", {
      form: message,
      headers: { Origin: DEMO_URL },
    });
    expect(response.status()).toBe(200);
  }

  await signedInAs("moderator");
  await openAdmin(page);
  const list = page.getByTestId("messages-list");
  expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("400px");
  const size = await list.evaluate((el) => ({
    client: el.clientHeight,
    scroll: el.scrollHeight,
    box: el.getBoundingClientRect().height,
  }));
  expect(size.box).toBeLessThanOrEqual(400);
  expect(size.scroll).toBeGreaterThan(size.client);

  // The oldest of this test's messages is below the fold until the list is scrolled.
  const oldest = messageRow(page, sent[0]!.subject);
  const header = list.getByRole("columnheader", { name: "From" });
  await list.hover();
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expect(oldest).toBeInViewport({ timeout: 100 });
  }).toPass();
  // The page itself did not scroll away from the list, and the headings stay in view.
  await expect(header).toBeInViewport();
});
