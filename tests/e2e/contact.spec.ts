import type { BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { countPosts, gotoHydrated, holdRequests } from "../support/browser";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { expect, statusMessage, test } from "./fixtures";

// The contact form (docs/product.md#contact). Tests that send messages use unique values and never
// count rows: the demo server is shared by parallel tests.

const FIELDS = [
  { label: "Name", name: "name", required: "Name is required" },
  { label: "Email", name: "email", required: "Email is required" },
  { label: "Subject", name: "subject", required: "Subject is required" },
  { label: "Message", name: "message", required: "Message is required" },
] as const;
type FieldName = (typeof FIELDS)[number]["name"];

const SUCCESS_TITLE = "Message sent!";
const SUCCESS_TEXT = "We'll get back to you soon. Thank you for reaching out.";
const HONEYPOT_REFUSAL = /looks automated and was not sent/;

function validMessage(): Record<FieldName, string> {
  const id = uniqueId();
  return {
    name: `Ada Tester ${id}`,
    email: `ada.${id}@example.com`,
    subject: `Hello from the browser tests ${id}`,
    message: `Line one of the message ${id}.\nLine two.`,
  };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const sendButton = (page: Page) => page.getByRole("button", { name: /Send Message|Sending\.\.\./ });

/** Every field's required-field message shows, and the field is marked invalid. */
async function expectEveryRequiredMessage(page: Page) {
  for (const { label, required } of FIELDS) {
    await expect(page.getByText(required, { exact: true })).toBeVisible();
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
  }
}

async function fill(page: Page, values: Partial<Record<FieldName, string>>) {
  for (const { label, name } of FIELDS) {
    const value = values[name];
    if (value !== undefined) await field(page, label).fill(value);
  }
}

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await gotoHydrated(page, "/contact");
  });

  test("the empty form shows every required-field message and sends nothing", async ({ page }) => {
    const posts = countPosts(page);
    await sendButton(page).click();
    await expectEveryRequiredMessage(page);
    // Focus moves to the first field with a problem.
    await expect(field(page, "Name")).toBeFocused();
    expect(posts()).toBe(0);
  });

  test("a send made before the form's checks have loaded waits for them, then refuses the empty form and sends nothing", async ({
    page,
  }) => {
    // Zod and the form library's binding load with the form's first use; hold
    // them back so the click comes first.
    const { release, held } = await holdRequests(
      page,
      /\/assets\/(zod|zod-validator|contact-schema)-[\w-]+\.js$/,
    );
    const posts = countPosts(page);
    await sendButton(page).click();
    await expect.poll(held).toBeGreaterThan(0);
    await expect(page.getByText("Name is required", { exact: true })).toHaveCount(0);
    release();
    await expectEveryRequiredMessage(page);
    expect(posts()).toBe(0);
  });

  test("a malformed email shows 'Invalid email address'", async ({ page }) => {
    await fill(page, { ...validMessage(), email: "not-an-email" });
    await sendButton(page).click();
    await expect(page.getByText("Invalid email address", { exact: true })).toBeVisible();
    await expect(field(page, "Email")).toBeFocused();
    for (const { required } of FIELDS) {
      await expect(page.getByText(required, { exact: true })).toHaveCount(0);
    }
    // Correcting the address clears the message as the user types.
    await field(page, "Email").fill("fixed@example.com");
    await expect(page.getByText("Invalid email address", { exact: true })).toHaveCount(0);
  });

  for (const missing of FIELDS) {
    test(`leaving only ${missing.label} empty shows '${missing.required}' alone`, async ({
      page,
    }) => {
      const values: Partial<Record<FieldName, string>> = validMessage();
      delete values[missing.name];
      await fill(page, values);
      await sendButton(page).click();
      await expect(page.getByText(missing.required, { exact: true })).toBeVisible();
      await expect(field(page, missing.label)).toBeFocused();
      for (const other of FIELDS.filter((f) => f !== missing)) {
        await expect(page.getByText(other.required, { exact: true })).toHaveCount(0);
        await expect(field(page, other.label)).not.toHaveAttribute("aria-invalid", "true");
      }
      // Whitespace alone does not count as an answer either.
      await field(page, missing.label).fill("   ");
      await sendButton(page).click();
      await expect(page.getByText(missing.required, { exact: true })).toBeVisible();
    });
  }

  test("a good message reads 'Sending...' while busy, then toasts and resets the form", async ({
    page,
  }) => {
    // Hold the submission until the busy state has been seen.
    const { release, held } = await holdRequests(
      page,
      "**/contact.data*",
      (request) => request.method() === "POST",
    );

    const message = validMessage();
    await fill(page, message);
    await sendButton(page).click();

    const busy = page.getByRole("button", { name: "Sending..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await expect(field(page, "Name")).toBeDisabled();
    expect(held()).toBe(1);
    release();

    await expectToast(page, SUCCESS_TITLE, SUCCESS_TEXT);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    for (const { label } of FIELDS) await expect(field(page, label)).toHaveValue("");
  });

  test("a filled honeypot is refused with a clear message", async ({
    page,
    allowConsoleMessage,
  }) => {
    allowConsoleMessage(statusMessage(400));
    const message = validMessage();
    await fill(page, message);
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
    await sendButton(page).click();
    await expectToast(page, "Error sending message", HONEYPOT_REFUSAL);
    // Nothing is lost: the user still has what they typed.
    await expect(field(page, "Message")).toHaveValue(message.message);
  });
});

test.describe("without JavaScript (the server's answers)", () => {
  async function openWithoutJs(
    newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  ) {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    return page;
  }

  test("the empty form gets the server's four messages", async ({
    newContext,
    allowConsoleMessage,
  }) => {
    allowConsoleMessage(statusMessage(400));
    const page = await openWithoutJs(newContext);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    await expectEveryRequiredMessage(page);
  });

  test("bad fields get the server's messages and keep the typed values", async ({
    newContext,
    allowConsoleMessage,
  }) => {
    allowConsoleMessage(statusMessage(400));
    const page = await openWithoutJs(newContext);
    const message = validMessage();
    await fill(page, { name: message.name, email: "still-not-an-email", message: message.message });
    await Promise.all([page.waitForURL("**/contact"), sendButton(page).click()]);
    await expect(page.getByText("Invalid email address", { exact: true })).toBeVisible();
    await expect(page.getByText("Subject is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Name is required", { exact: true })).toHaveCount(0);
    await expect(page.getByText("Message is required", { exact: true })).toHaveCount(0);
    await expect(field(page, "Name")).toHaveValue(message.name);
    await expect(field(page, "Email")).toHaveValue("still-not-an-email");
    await expect(field(page, "Message")).toHaveValue(message.message);
  });

  test("a good message gets the server's success message", async ({ newContext }) => {
    const page = await openWithoutJs(newContext);
    await fill(page, validMessage());
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(response.status()).toBe(200);
    const status = page.getByRole("status").filter({ hasText: SUCCESS_TITLE });
    await expect(status).toBeVisible();
    await expect(status).toContainText(SUCCESS_TEXT);
    for (const { label } of FIELDS) await expect(field(page, label)).toHaveValue("");
  });

  test("a filled honeypot is refused with a clear message", async ({
    newContext,
    allowConsoleMessage,
  }) => {
    allowConsoleMessage(statusMessage(400));
    const page = await openWithoutJs(newContext);
    await fill(page, validMessage());
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      sendButton(page).click(),
    ]);
    expect(response.status()).toBe(400);
    const alert = page.getByRole("alert").filter({ hasText: "Error sending message" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(HONEYPOT_REFUSAL);
    await expect(page.getByRole("status").filter({ hasText: SUCCESS_TITLE })).toHaveCount(0);
  });
});
