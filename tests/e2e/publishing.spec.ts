import { axeViolations } from "../support/axe";
import { gotoHydrated } from "../support/browser";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { openAdmin } from "./admin-support";
import { expect, statusMessage, test } from "./fixtures";
import { solidImage } from "./profile-helpers";

// Publishing as the studio's admin and its readers: a post in Markdown with a cover
// and an image in its text, previewed as it is written, scheduled a moment ahead and then shown to a
// guest without any restart; its old id address moved for good to its slug.

test.describe.configure({ timeout: 90_000 });

/**
 * A moment `ms` from now, to the whole second as a datetime-local field holds it: `at` is what the
 * server stores, `field` the value in UTC (the servers' studio zone).
 */
function wallClockIn(ms: number) {
  const at = Math.floor((Date.now() + ms) / 1000) * 1000;
  return { at, field: new Date(at).toISOString().slice(0, 19) };
}

test("a post with a cover and an inline image, previewed, scheduled, appears for a guest on time", async ({
  page,
  newContext,
  signedInAs,
}) => {
  const id = uniqueId();
  const title = `Moonlit devlog ${id}`;
  await signedInAs("admin");
  await openAdmin(page, "News Management");

  await page.getByLabel("Title", { exact: true }).fill(title);
  const content = page.getByLabel("Content", { exact: true });
  await content.fill(
    `The night build ${id} is here.\n\n# What changed\n\n- **Lanterns** glow\n- ~~Bugs~~ fewer\n\n| Area | Status |\n| --- | --- |\n| Caves | Done |\n\n<script>alert("no")</script>\n`,
  );

  // The cover: uploaded, then described.
  await page.getByLabel("Upload cover image").setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await solidImage("png", { r: 40, g: 60, b: 160 }, 1600),
  });
  await page.getByLabel("Cover alt text").fill("A moonlit cave entrance");

  // An image in the text: alt text first, then the file; Markdown is written at the caret.
  await page.getByRole("button", { name: "Insert image" }).click();
  await page.getByLabel("Alt text", { exact: true }).fill("The glowing lantern sprite");
  await page.getByLabel("Upload image", { exact: true }).setInputFiles({
    name: "sprite.png",
    mimeType: "image/png",
    buffer: await solidImage("png", { r: 230, g: 180, b: 40 }, 800),
  });
  await expect(content).toHaveValue(/!\[The glowing lantern sprite\]\(\/media\/[0-9a-f-]{36}\)/);

  // The live preview: what the article will show, rendered by the server.
  const preview = page.getByTestId("news-preview");
  await expect(preview.getByRole("heading", { level: 2, name: "What changed" })).toBeVisible();
  await expect(preview.getByRole("img", { name: "The glowing lantern sprite" })).toBeVisible();
  await expect(preview.locator("table td").first()).toHaveText("Caves");
  await expect(preview.locator("s, del")).toHaveText("Bugs");
  await expect(preview.locator("script")).toHaveCount(0);
  await expect(preview).toContainText('<script>alert("no")</script>');

  // Scheduled ten seconds ahead, in the studio's zone: time enough for the list to show it
  // scheduled, and for a guest not to see it yet, even on a busy machine.
  await page.getByLabel("State", { exact: true }).selectOption("scheduled");
  // The field keeps whole seconds: the post is due at that second, not at now + 10 s to the millisecond.
  const publishAt = wallClockIn(10_000);
  await page.getByLabel("Publish at").fill(publishAt.field);
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "News item added successfully!");
  const entry = page.getByTestId("manage-news").getByRole("listitem").filter({ hasText: title });
  await expect(entry).toContainText("Scheduled");
  await expect(entry).not.toContainText("Published");

  // A guest, in a browser of their own, does not see it before its time...
  const guest = await (await newContext()).newPage();
  await guest.goto("/news");
  expect(Date.now(), "checked before the post was due").toBeLessThan(publishAt.at);
  await expect(guest.getByRole("heading", { name: title })).toHaveCount(0);
  // ...and sees it on /news at its time, without a restart.
  await expect
    .poll(
      async () => {
        await guest.goto("/news");
        return guest.getByRole("heading", { name: title }).count();
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(1);
  expect(Date.now()).toBeGreaterThanOrEqual(publishAt.at);
  await guest.getByRole("link", { name: new RegExp(`^Read More ?: ${title}$`) }).click();
  await expect(guest).toHaveURL(new RegExp(`/news/moonlit-devlog-${id.toLowerCase()}$`));
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(guest.getByRole("img", { name: "A moonlit cave entrance" })).toHaveAttribute(
    "srcset",
    /480w.*960w.*1600w/,
  );
  const body = guest.getByTestId("article-body");
  await expect(body.getByRole("heading", { level: 2, name: "What changed" })).toBeVisible();
  await expect(body.getByRole("img", { name: "The glowing lantern sprite" })).toBeVisible();
  await expect(body.locator("script")).toHaveCount(0);
  expect(await axeViolations(guest)).toEqual([]);
  // Open Graph shows the cover.
  await expect(guest.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/media\/[0-9a-f-]{36}\/1600\.webp$/,
  );

  // The old address by id moves for good to the slug.
  const list = await (await guest.request.get("/api/v1/news?limit=5")).json();
  const item = (list.data as { id: string; title: string; slug: string }[]).find(
    (row) => row.title === title,
  )!;
  const moved = await guest.request.get(`/news/${item.id}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/news/${item.slug}`);
  await guest.goto(`/news/${item.id}`);
  await expect(guest).toHaveURL(new RegExp(`/news/${item.slug}$`));
});

test("a draft is previewed by staff at its address and sent away for a guest", async ({
  page,
  newContext,
  signedInAs,
}) => {
  const title = `Secret draft ${uniqueId()}`;
  await signedInAs("admin");
  await openAdmin(page, "News Management");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content", { exact: true }).fill("Not for everyone yet.");
  await page.getByLabel("State", { exact: true }).selectOption("draft");
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "News item added successfully!");
  const entry = page.getByTestId("manage-news").getByRole("listitem").filter({ hasText: title });
  await expect(entry).toContainText("Draft");

  // The list filters by state.
  await page.getByLabel("Show news items in this state").selectOption("draft");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/nstate=draft/);
  await expect(entry).toBeVisible();
  await expect(page.getByTestId("manage-news")).not.toContainText("Published");

  await entry.getByRole("link", { name: new RegExp(`^Preview ?: ${title}$`) }).click();
  await expect(page.getByRole("status")).toContainText("Preview: Draft.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const address = new URL(page.url()).pathname;
  expect(await axeViolations(page)).toEqual([]);

  const guest = await (await newContext()).newPage();
  await gotoHydrated(guest, address);
  await expect(guest).toHaveURL(/\/news$/);
  await expect(guest.getByText(title)).toHaveCount(0);
});

test("a schedule time already past is told before saving and refused; Published publishes now", async ({
  page,
  allowConsoleMessage,
  signedInAs,
}) => {
  allowConsoleMessage(statusMessage(400));
  const title = `Late schedule ${uniqueId()}`;
  const passed =
    "This time has already passed. Choose a later time, or choose Published to publish now.";
  await signedInAs("admin");
  await openAdmin(page, "News Management");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page
    .getByLabel("Content", { exact: true })
    .fill("Meant for yesterday, and published today instead.");
  await page.getByLabel("State", { exact: true }).selectOption("scheduled");
  const publishAt = page.getByLabel("Publish at");
  const warning = page.getByRole("tabpanel").getByText(passed, { exact: true });

  // A time ahead: no warning. An hour ago: the form says so while the time is chosen.
  await publishAt.fill(wallClockIn(3_600_000).field);
  await expect(warning).toHaveCount(0);
  await publishAt.fill(wallClockIn(-3_600_000).field);
  await expect(warning).toBeVisible();
  await expect(publishAt).toHaveAccessibleDescription(new RegExp(passed.replace(/\./g, "\\.")));

  // Saved anyway: the server refuses it, on the field, and nothing is added.
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "Failed to add news", passed);
  await expect(publishAt).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("manage-news").getByText(title)).toHaveCount(0);

  // Published is the way to publish now.
  await page.getByLabel("State", { exact: true }).selectOption("published");
  await expect(warning).toHaveCount(0);
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "News item added successfully!");
  const entry = page.getByTestId("manage-news").getByRole("listitem").filter({ hasText: title });
  await expect(entry).toContainText("Published");
});
