import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "../support/axe";
import { gotoHydrated } from "../support/browser";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { expect, SCALE_URL, test } from "./fixtures";

// The news editor as staff meet it (docs/product.md#news-management-tab), light and dark, on a
// desktop and a phone: the News Management tab opened by its address, a schedule time already
// past, warned about under its field, and the About part of a patch note about a game not yet
// public, its mail lists following the game. Each view must fit the screen's width. `npm test`
// checks each width once (the desktop light, the phone dark); `npm run screenshots` goes through
// both themes at both widths and saves the pictures in docs/screenshots
// (tests/support/screenshots.ts).

test.describe.configure({ timeout: 90_000 });

const PASSED =
  "This time has already passed. Choose a later time, or choose Published to publish now.";

test("the news editor and its past-time warning, light and dark, desktop and phone", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  await signedInAs("owner");
  for (const { theme, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await gotoHydrated(page, "/admin/news");
    await expect(page.getByRole("tab", { name: "News Management" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(page.getByTestId("manage-news")).toBeVisible();
    const name = `${viewport.name}-${theme}`;
    await screenshot(page, `admin-news-tab-${name}.png`);

    await page.getByLabel("Title", { exact: true }).fill("Harbour festival weekend");
    await page
      .getByLabel("Content", { exact: true })
      .fill("The harbour festival opens on Friday.\n\nCome and play the new build.");
    await page.getByLabel("State", { exact: true }).selectOption("scheduled");
    const past = new Date(Date.now() - 2 * 3_600_000).toISOString().slice(0, 19);
    await page.getByLabel("Publish at").fill(past);
    const warning = page.getByRole("tabpanel").getByText(PASSED, { exact: true });
    await expect(warning).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name}: horizontal overflow`).toBe(0);
    // A full-page capture cut to the form's card (an element capture would show the sticky
    // header over it, where the page was stitched).
    const card = await page
      .getByRole("tabpanel")
      .locator("form")
      .first()
      .locator("xpath=../..")
      .evaluate((el) => {
        window.scrollTo(0, 0);
        const box = el.getBoundingClientRect();
        return { x: box.left, y: box.top, width: box.width, height: box.height };
      });
    await screenshot(page, `news-editor-past-schedule-${name}.png`, {
      fullPage: true,
      clip: {
        x: Math.max(0, card.x - 16),
        y: Math.max(0, card.y - 16),
        width: Math.min(viewport.width, card.width + 32),
        height: card.height + 32,
      },
    });
  }
});

/**
 * A full-page capture cut to these parts of the page, from the first one's top to the last one's
 * bottom (an element capture would show the sticky header over it, where the page was stitched).
 */
async function captureParts(page: Page, file: string, first: Locator, last: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const top = (await first.boundingBox())!;
  const bottom = (await last.boundingBox())!;
  const width = page.viewportSize()!.width;
  await screenshot(page, file, {
    fullPage: true,
    clip: {
      x: Math.max(0, top.x - 16),
      y: Math.max(0, top.y - 16),
      width: Math.min(width - Math.max(0, top.x - 16), top.width + 32),
      height: bottom.y + bottom.height - top.y + 32,
    },
  });
}

// Games of its own, added on the server with the long lists: admin-games.spec.ts must be the only
// one adding games on the demo server while it reorders them (see game-pages.spec.ts).
test.describe("the About part", () => {
  test.use({ baseURL: SCALE_URL, role: "developer" });

  test("a developer writes a patch note about a draft game: About, version, tags, lists, saved", {
    tag: SCREENSHOTS,
  }, async ({ page }) => {
    const id = uniqueId();
    const headers = { Origin: SCALE_URL };
    const add = async (title: string, extra: Record<string, string>) => {
      const created = await page.request.post("/api/v1/games", {
        headers,
        data: {
          title,
          description: `${title}: a small handmade game.`,
          imageUrl: "/og-image.png",
          status: "In Development",
          url: `https://example.com/games/${id}`,
          ...extra,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
    };
    const draft = `Harbour Lights ${id}`;
    const later = `Tide Charts ${id}`;
    await add(draft, { visibility: "draft" });
    await add(later, {
      visibility: "scheduled",
      announceAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });

    await gotoHydrated(page, "/admin/news");
    const about = page.getByTestId("news-about");
    const mailing = page.getByTestId("news-mailing");
    const game = about.getByRole("checkbox", { name: draft });
    const gameList = mailing.getByRole("checkbox", { name: `${draft}: news and launch` });
    // Games not yet public are marked; a new post starts with no list ticked.
    await expect(about.getByRole("listitem").filter({ hasText: draft })).toContainText("Draft");
    await expect(about.getByRole("listitem").filter({ hasText: later })).toContainText(
      "Announced on",
    );
    const studioList = mailing.getByRole("checkbox").first();
    await expect(studioList).not.toBeChecked();
    await expect(gameList).not.toBeChecked();

    const title = `Harbour Lights patch ${id}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Content", { exact: true }).fill("Lamps stay lit in the storm now.");
    // The game's list and the studio's follow the game, both ways.
    await game.check();
    await expect(gameList).toBeChecked();
    await expect(studioList).toBeChecked();
    await game.uncheck();
    await expect(gameList).not.toBeChecked();
    await expect(studioList).not.toBeChecked();
    await game.check();
    await expect(gameList).toBeChecked();
    await expect(studioList).toBeChecked();

    // The version is asked for with patch notes only.
    const kind = page.getByLabel("Kind", { exact: true });
    const version = page.getByLabel("Version", { exact: true });
    await expect(version).toHaveCount(0);
    await kind.selectOption("patch-notes");
    await expect(version).toBeVisible();
    const tags = page.getByLabel("Tags", { exact: true });
    await tags.fill("Lighting, #Roadmap, one, two, three, four, five, six, seven");
    const chips = page.getByTestId("news-tag-chips");
    await expect(chips).toContainText("9 of 8");

    // Refused in the browser, each message under its field as it comes up; nothing is sent.
    await page.getByRole("button", { name: "Add News", exact: true }).click();
    await expect(about.getByText("Give a post at most 8 tags")).toBeVisible();
    await expect(tags).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page), "with a field's error").toEqual([]);
    await tags.fill("Lighting, #Roadmap, level_design");
    await expect(chips.getByText(/^[a-z-]+$/)).toHaveText(["lighting", "roadmap", "level-design"]);
    await expect(chips).toContainText("3 of 8");
    await expect(about.getByText("Give a post at most 8 tags")).toHaveCount(0);
    // The version is checked once every field is.
    await page.getByRole("button", { name: "Add News", exact: true }).click();
    await expect(about.getByText("Patch notes need a version, e.g. 1.2.0")).toBeVisible();
    await expect(version).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("manage-news")).not.toContainText(title);
    await version.fill("1.2.0");
    await expect(about.getByText("Patch notes need a version, e.g. 1.2.0")).toHaveCount(0);

    for (const { theme, viewport } of combinations(LAYOUT)) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const name = `${viewport.name}-${theme}`;
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name}: horizontal overflow`).toBe(0);
      expect(await axeViolations(page), `${name}: axe`).toEqual([]);
      await captureParts(page, `news-editor-about-${name}.png`, about, mailing);
    }
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Add News", exact: true }).click();
    await expectToast(page, "News item added successfully!");
    // The form is back to a new post: no game, News, no list.
    await expect(game).not.toBeChecked();
    await expect(kind).toHaveValue("news");
    await expect(gameList).not.toBeChecked();
    await expect(studioList).not.toBeChecked();

    // Listed with its kind and game; published, yet hidden while its game is a draft.
    const row = page.getByTestId("manage-news").getByRole("listitem").filter({ hasText: title });
    await expect(row.getByTestId("news-kind")).toHaveText("Patch notes 1.2.0");
    await expect(row.getByTestId("news-games")).toHaveText(`About ${draft}`);
    await expect(row).toContainText("Hidden until its game is public");

    // Edited: everything as saved, the lists too.
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    await expect(game).toBeChecked();
    await expect(kind).toHaveValue("patch-notes");
    await expect(version).toHaveValue("1.2.0");
    await expect(tags).toHaveValue("lighting, roadmap, level-design");
    await expect(gameList).toBeChecked();
    await expect(mailing.getByRole("checkbox").first()).toBeChecked();
    for (const { theme, viewport } of combinations(LAYOUT)) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await row.scrollIntoViewIfNeeded();
      await screenshot(row, `news-editor-about-row-${viewport.name}-${theme}.png`, {
        review: true,
      });
    }
    // Cancel: a new post again, whatever the edited one was about.
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(game).not.toBeChecked();
    await expect(kind).toHaveValue("news");
    await expect(version).toHaveCount(0);
    await expect(tags).toHaveValue("");
    await expect(gameList).not.toBeChecked();
    await expect(studioList).not.toBeChecked();
  });
});
