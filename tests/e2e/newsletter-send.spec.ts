import { gotoHydrated } from "../support/browser";
import { mailsTo, waitForMail } from "../support/browser-accounts";
import { combinations, NONE, ONCE, SCREENSHOTS, screenshot } from "../support/screenshots";
import { roleEmail, uniqueEmail } from "../support/users";
import { expect, test } from "./fixtures";

// Sending a post by mail (docs/product.md#newsletter-sending) in a browser: a confirmed
// subscriber, a post saved with the studio's list ticked, its mail previewed and tested, then published
// and mailed once with the progress shown; the mail checked as a client would (both parts, the
// list headers, absolute links, no script). `npm run screenshots` saves the mail in Chromium and the
// editor's sending part, light and dark, desktop and phone, in docs/screenshots (newsletter-send-*);
// `npm test` checks the preview and the sent state once (tests/support/screenshots.ts).

test.describe.configure({ timeout: 180_000 });

test("a post mailed to the studio's list: preview, test, send once, progress", {
  tag: SCREENSHOTS,
}, async ({ page, browser, signedInAs }) => {
  // A confirmed subscriber of the studio's list.
  const reader = uniqueEmail("reader");
  await gotoHydrated(page, "/");
  const form = page.getByRole("region", { name: "Get the news by mail" });
  await form.getByLabel("Email").fill(reader);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText("Check your inbox to confirm");
  const confirm = await waitForMail(reader, { subject: /Confirm your subscription/ });
  const fresh = await browser.newContext();
  const opened = await fresh.newPage();
  await opened.goto(confirm.links.find((l) => l.includes("/confirm?"))!);
  await opened.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(opened.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
  await fresh.close();

  await signedInAs("owner");
  await gotoHydrated(page, "/admin/news");
  const title = `Harbour festival ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page
    .getByLabel("Content", { exact: true })
    .fill(
      "The harbour festival opens on **Friday**.\n\n## What to play\n\n- The new build\n- [Our games](/games)\n\nSee you there!",
    );
  await page.getByLabel("State", { exact: true }).selectOption("draft");
  const mailing = page.getByTestId("news-mailing");
  await mailing.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Add News" }).click();
  await expect(page.getByText("News item added successfully!")).toBeVisible();

  const row = page.getByTestId("manage-news").locator("li").filter({ hasText: title });
  await expect(row.getByTestId("send-progress")).toHaveText(/Mail waiting/);
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(mailing.getByRole("checkbox").first()).toBeChecked();

  // A test to oneself, marked [Test]; the subscriber gets nothing yet.
  await mailing.getByRole("button", { name: "Send test to me" }).click();
  await expect(page.getByText("Test sent")).toBeVisible();
  const test1 = await waitForMail(roleEmail("owner"), {
    subject: new RegExp(`^\\[Test\\] ${title}$`),
  });
  expect(test1.html).toContain("The harbour festival opens on");

  for (const { theme, viewport } of combinations(NONE)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await mailing.scrollIntoViewIfNeeded();
    await screenshot(mailing, `newsletter-send-news-mailing-${viewport.name}-${theme}.png`);
  }

  // Preview: the mail's HTML in a tab of its own.
  const href = await mailing.getByRole("link", { name: "Preview mail" }).getAttribute("href");
  const preview = await page.context().newPage();
  for (const { theme, viewport } of combinations(ONCE)) {
    await preview.emulateMedia({ colorScheme: theme });
    await preview.setViewportSize({ width: viewport.width, height: viewport.height });
    await preview.goto(href!);
    await expect(preview.getByRole("heading", { name: title })).toBeVisible();
    await screenshot(preview, `newsletter-send-mail-${viewport.name}-${theme}.png`, {
      fullPage: true,
    });
  }
  await preview.close();
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Published: mailed to the subscriber once; the progress says so.
  await page.getByLabel("State", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Update News" }).click();
  await expect(page.getByText("News item updated successfully!")).toBeVisible();
  const mail = await waitForMail(reader, { subject: new RegExp(`^${title}$`) });
  expect(mail.html).toContain(title);
  expect(mail.html).not.toMatch(/<script/i);
  for (const [, url] of mail.html.matchAll(/(?:href|src)="([^"]*)"/g))
    expect(url).toMatch(/^https?:\/\//);
  expect(mail.text).toContain("Our games (http");
  expect(mail.headers["list-unsubscribe"]).toMatch(/^<http[^>]+\/newsletter\/unsubscribe\?token=/);
  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(mail.headers["list-id"]).toMatch(/^<studio\./);
  expect(mail.headers["message-id"]).toMatch(/^<nl\./);

  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("send-progress")).toContainText("Mail sent", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  // Other tests may have confirmed subscribers in the same database: the send reached all of
  // them, none failed, and this reader got the post exactly once.
  const progress = await row.getByTestId("send-progress").innerText();
  const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(progress)?.[1]);
  expect(count("queued")).toBe(0);
  expect(count("failed")).toBe(0);
  expect(count("sent")).toBeGreaterThanOrEqual(1);
  expect(mailsTo(reader).filter((m) => m.subject === title)).toHaveLength(1);
  for (const { theme, viewport } of combinations(ONCE)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    await expect(mailing.getByRole("checkbox").first()).toBeDisabled();
    await expect(mailing).toContainText("can no longer be changed");
    const name = `${viewport.name}-${theme}`;
    await mailing.scrollIntoViewIfNeeded();
    await screenshot(mailing, `newsletter-send-news-mailing-sent-${name}.png`);
    await row.scrollIntoViewIfNeeded();
    await screenshot(row, `newsletter-send-news-list-progress-${name}.png`);
    await page.getByRole("button", { name: "Cancel" }).click();
  }
});
