import type { Page } from "@playwright/test";
import { gotoHydrated } from "../support/browser";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { forgeAdminPost, openAdmin } from "./admin-support";
import { expect, test } from "./fixtures";

// The studio's own pages (docs/product.md#pages): an admin writes one in the Pages tab, a guest
// finds it from the navigation it was placed in; a draft reaches no guest; the site's own addresses
// cannot be taken; a moderator's forged write is refused on the server.

async function addPage(
  page: Page,
  input: { title: string; slug: string; content: string; state: string; placement: string },
) {
  await page.getByLabel("Title", { exact: true }).fill(input.title);
  await page.getByLabel("Address", { exact: true }).fill(input.slug);
  await page.getByLabel("Content", { exact: true }).fill(input.content);
  await page.getByLabel("State", { exact: true }).selectOption({ label: input.state });
  await page.getByLabel("Navigation", { exact: true }).selectOption({ label: input.placement });
  await page.getByRole("button", { name: "Add Page", exact: true }).click();
}

test("a published page is reached from the header; a draft reaches no guest", async ({
  page,
  newContext,
  allowConsoleMessage,
  signedInAs,
}) => {
  const id = uniqueId();
  await signedInAs("admin");
  await openAdmin(page, "Pages");
  await expect(page).toHaveURL(/\/admin\/pages$/);

  const jobs = { title: `Jobs ${id}`, slug: `jobs-${id}` };
  await addPage(page, {
    ...jobs,
    content: "We are hiring a **level designer**.\n\n<script>window.hacked = 1</script>",
    state: "Published",
    placement: "Header",
  });
  await expectToast(page, "Page added");
  await expect(page.getByTestId("manage-pages")).toContainText(jobs.title);

  const draft = { title: `Imprint ${id}`, slug: `imprint-${id}` };
  await addPage(page, { ...draft, content: "Not yet.", state: "Draft", placement: "Footer" });
  await expectToast(page, "Page added");

  // A reserved address is refused with its sentence, and nothing is added.
  await addPage(page, {
    title: `Taken ${id}`,
    slug: "news",
    content: "x",
    state: "Published",
    placement: "Header",
  });
  await expect(page.getByText(/This address belongs to the site/).first()).toBeVisible();
  await expect(page.getByTestId("manage-pages")).not.toContainText(`Taken ${id}`);

  const guest = await (await newContext()).newPage();
  await gotoHydrated(guest, "/");
  await guest
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: jobs.title })
    .click();
  await expect(guest).toHaveURL(new RegExp(`/${jobs.slug}$`));
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(jobs.title);
  await expect(guest.getByTestId("page-body").locator("strong")).toHaveText("level designer");
  // Written script is shown as text, never run.
  await expect(guest.getByTestId("page-body")).toContainText("<script>");
  expect(await guest.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await expect(guest).toHaveTitle(new RegExp(jobs.title));

  // The draft: not in the footer, a 404 at its address for a guest, a preview for the admin.
  await expect(
    guest.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: draft.title }),
  ).toHaveCount(0);
  allowConsoleMessage(/404/);
  const missing = await guest.goto(`/${draft.slug}`);
  expect(missing?.status()).toBe(404);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(/not found/i);
  await gotoHydrated(page, `/${draft.slug}`);
  await expect(page.getByText("Preview: Draft.")).toBeVisible();
});

test("a moderator cannot open the Pages tab, and a forged write is refused", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("moderator");
  await gotoHydrated(page, "/admin/pages");
  await expect(page).toHaveURL(/\/admin\/messages$/);
  await expect(page.getByRole("tab", { name: "Pages" })).toHaveCount(0);
  const answer = await forgeAdminPost(page, "pages", {
    intent: "page-create",
    title: "Sneaky",
    content: "x",
    state: "published",
  });
  expect(answer.status()).toBe(403);
  const guest = await page.request.get("/sneaky", { failOnStatusCode: false });
  expect(guest.status()).toBe(404);
});

// The Pages tab and a page, desktop and phone: each fits the screen's width. `npm test` checks each
// width once (the desktop light, the phone dark); `npm run screenshots` goes through both themes at
// both widths and saves the pictures in docs/screenshots (tests/support/screenshots.ts).
test("the Pages tab and a page fit a desktop and a phone in both themes", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const id = uniqueId();
  await signedInAs("admin");
  await openAdmin(page, "Pages");
  await addPage(page, {
    title: "About the studio",
    slug: `about-${id}`,
    content:
      "We are a small team making handmade worlds.\n\n## What we value\n\n- Games that respect your time\n- Worlds worth getting lost in\n\n[Write to us](/contact).",
    state: "Published",
    placement: "Footer",
  });
  await expectToast(page, "Page added");
  for (const { theme, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const [name, address] of [
      ["pages-tab", "/admin/pages"],
      ["page-about", `/about-${id}`],
    ] as const) {
      await gotoHydrated(page, address);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name}, ${viewport.name}, ${theme}: horizontal overflow`).toBe(0);
      // From the top: the sticky header otherwise lands mid-picture.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `${name}-${viewport.name}-${theme}.png`, { fullPage: true });
    }
  }
});
