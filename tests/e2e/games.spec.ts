import type { Page } from "@playwright/test";
import { gotoHydrated, waitForHydration } from "../support/browser";
import { expect, test, textOf } from "./fixtures";

// The games catalogue (docs/product.md#games).

/** The game statuses of docs/product.md#game-statuses. */
const STATUSES = ["Released", "In Development", "Coming Soon", "Canceled"];

/** A demo game whose image the broken-image tests take away (any card would do). */
const BROKEN_IMAGE = "**/images/games/tidewright.svg";

const ABORTED = /Failed to load resource: net::ERR_FAILED/;

test("each game card shows image, title, status badge, description and its link", async ({
  page,
}) => {
  await page.goto("/games");
  await expect(page.getByRole("heading", { level: 1, name: "Our Games" })).toBeVisible();
  const cards = page.getByTestId("game-card");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(1);

  for (const card of await cards.all()) {
    const title = await textOf(card.getByRole("heading", { level: 2 }));
    expect(title.length).toBeGreaterThan(0);

    // A typed image link is described by the title; an upload by its own alt text.
    const image = card.getByRole("img").first();
    await expect(image).toHaveAccessibleName(/\S/);
    await image.scrollIntoViewIfNeeded();
    // The picture really loaded (a broken image has no natural width).
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(card.getByTestId("game-image-placeholder")).toHaveCount(0);

    const badge = card.getByTestId("game-status");
    const status = await textOf(badge);
    expect(STATUSES).toContain(status);

    const description = await textOf(card.locator("p").first());
    expect(description.length).toBeGreaterThan(20);

    // A game not out yet is never offered to play (docs/product.md#games).
    const upcoming = status === "Coming Soon" || status === "In Development";
    const play = card.getByRole("link", {
      name: upcoming ? /^(Wishlist on |Follow on |Pre-|Visit Website)/ : /^Play Game/,
    });
    await expect(play).toHaveAttribute("target", "_blank");
    await expect(play).toHaveAttribute("rel", /\bnoopener\b/);
    await expect(play).toHaveAttribute("href", /^https?:\/\//);
  }
});

test("the status badges have distinct colours per status", async ({ page }) => {
  await page.goto("/games");
  const colours = new Map<string, string>();
  for (const badge of await page.getByTestId("game-card").getByTestId("game-status").all()) {
    const status = await textOf(badge);
    const colour = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
    // The same status always looks the same...
    if (colours.has(status)) expect(colour).toBe(colours.get(status));
    colours.set(status, colour);
  }
  // ...and different statuses look different.
  expect(new Set(colours.values()).size).toBe(colours.size);
  expect(colours.size).toBeGreaterThan(1);
});

test("Play Game opens the game's page in a new tab", async ({ page, context }) => {
  await gotoHydrated(page, "/games");
  const card = page.getByTestId("game-card").first();
  const title = await textOf(card.getByRole("heading", { level: 2 }));
  const play = card.getByRole("link", { name: /Play Game/ });
  const href = (await play.getAttribute("href")) ?? "";
  const target = new URL(href);

  // The store page is answered here, so no request leaves the machine.
  await context.route(`${target.origin}/**`, (route) =>
    route.request().url() === target.href
      ? route.fulfill({
          contentType: "text/html",
          body: `<!doctype html><title>${title} store page</title><h1>${title}</h1>`,
        })
      : route.fulfill({ status: 204 }),
  );

  const [tab] = await Promise.all([context.waitForEvent("page"), play.click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(target.href);
  await expect(tab.getByRole("heading", { name: title })).toBeVisible();
  // noopener: the game's page cannot reach back into the studio site.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  // The studio site stays open where it was.
  await expect(page).toHaveURL(/\/games$/);
});

async function expectPlaceholderOnlyFor(page: Page, brokenTitle: string) {
  const cards = page.getByTestId("game-card");
  const broken = cards.filter({ has: page.getByRole("heading", { name: brokenTitle }) });
  await expect(broken.getByTestId("game-image-placeholder")).toBeVisible();
  await expect(broken.getByTestId("game-image-placeholder")).toHaveAccessibleName(
    `${brokenTitle} (image unavailable)`,
  );
  await expect(broken.locator("img")).toHaveCount(0);
  // The other cards keep their pictures.
  await expect(page.getByTestId("game-image-placeholder")).toHaveCount(1);
  // Cards and pictures counted together at each try: the shared site's list may change meanwhile.
  await expect
    .poll(async () => (await cards.count()) - (await cards.locator("img").count()))
    .toBe(1);
}

/** The title of the game whose image the tests break, read from the server's HTML. */
async function brokenGameTitle(page: Page): Promise<string> {
  const html = await (await page.request.get("/games")).text();
  const tag = html.match(/<img[^>]*src="\/images\/games\/tidewright\.svg"[^>]*>/)?.[0];
  const title = tag?.match(/\balt="([^"]+)"/)?.[1];
  expect(title, "the demo catalogue has the game whose image is broken").toBeTruthy();
  return title!;
}

test("an image that fails before hydration is replaced by the placeholder", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(ABORTED);
  const title = await brokenGameTitle(page);

  // The image fails while the app's scripts are held back, so React is not there to see the
  // error event: the component must notice it when it hydrates.
  let imageFailed!: () => void;
  const failed = new Promise<void>((resolve) => {
    imageFailed = resolve;
  });
  let releaseScripts!: () => void;
  const scriptsReleased = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route(BROKEN_IMAGE, async (route) => {
    await route.abort();
    imageFailed();
  });
  await page.route("**/assets/*.js", async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto("/games", { waitUntil: "commit" });
  await failed;
  const brokenImage = page.getByRole("img", { name: title, exact: true });
  await expect
    .poll(() => brokenImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(0);
  await expect(page.getByTestId("game-image-placeholder")).toHaveCount(0);

  releaseScripts();
  await waitForHydration(page);
  await expectPlaceholderOnlyFor(page, title);
});

test("an image that fails after hydration is replaced by the placeholder", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(ABORTED);
  const title = await brokenGameTitle(page);
  await page.route(BROKEN_IMAGE, (route) => route.abort());
  // Arrive by a client-side navigation: React renders the card and its image in the browser, so
  // the image's error event reaches React's handler.
  await gotoHydrated(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Games" }).click();
  await expect(page).toHaveURL(/\/games$/);
  await expectPlaceholderOnlyFor(page, title);
});
