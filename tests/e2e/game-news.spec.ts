import type { Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "../support/axe";
import { gotoHydrated } from "../support/browser";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { uniqueId } from "../support/users";
import { expect, SCALE_URL, test } from "./fixtures";

// A game's news as a guest reads it (docs/product.md#a-games-news): the game page's 'News' section
// with 'All news about <game>' and its 'Patch notes', the game's own news page paged and narrowed
// by kind, each fitting a desktop and a phone in both themes. The rules behind them (visibility,
// paging, feeds) are proved in tests/integration/game-news.test.ts; here, what needs a browser.
//
// On the server with the long lists: its game list is not reordered by another spec.
test.use({ baseURL: SCALE_URL });
test.describe.configure({ timeout: 120_000 });

const headers = { Origin: SCALE_URL };

/** A 16:9 cover, uploaded as staff upload one. */
async function uploadCover(page: Page, colour: { r: number; g: number; b: number }) {
  const buffer = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  const upload = await page.request.post("/media/upload", {
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer } },
    headers,
  });
  expect(upload.status(), "uploading a cover").toBe(200);
  return ((await upload.json()) as { media: { id: string } }).media.id;
}

/**
 * A game with fourteen posts about it, through the API as the developer whose session `page`
 * holds: devlogs and events, six patch notes (1.0.0 to 1.5.0), two with covers; and one post of
 * another game that its pages must not show.
 */
async function addGameWithNews(page: Page) {
  const id = uniqueId();
  const game = { title: `Star Drift ${id}`, slug: `star-drift-${id}` };
  const created = await page.request.post("/api/v1/games", {
    headers,
    data: {
      ...game,
      description: "Chart a course between dying stars with a crew of three.",
      imageUrl: "/og-image.png",
      status: "Released",
      url: "https://example.com/star-drift",
      about: "A small space trader about the long quiet between stars.",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const covers = [
    await uploadCover(page, { r: 40, g: 70, b: 160 }),
    await uploadCover(page, { r: 190, g: 110, b: 40 }),
  ];
  const posts = [
    { title: "Where Star Drift began", kind: "devlog", tags: ["origins"] },
    { title: "Star Drift 1.0.0 is out", kind: "patch-notes", version: "1.0.0" },
    { title: "Meet us at the Indie Harbour showcase", kind: "event", tags: ["events"] },
    { title: "Patch 1.1.0: docking without drama", kind: "patch-notes", version: "1.1.0" },
    { title: "Devlog: writing the crew's letters home", kind: "devlog", tags: ["writing"] },
    { title: "Patch 1.2.0: the long-haul update", kind: "patch-notes", version: "1.2.0" },
    { title: "Devlog: the sound of an empty hold", kind: "devlog", tags: ["audio"] },
    { title: "Patch 1.3.0: trade routes rebalanced", kind: "patch-notes", version: "1.3.0" },
    { title: "Devlog: nebula shaders on old laptops", kind: "devlog", tags: ["art"] },
    { title: "Streaming the new sector this Friday", kind: "event", tags: ["events"] },
    { title: "Patch 1.4.0: controller remapping", kind: "patch-notes", version: "1.4.0" },
    { title: "Devlog: what players taught us about fuel", kind: "devlog" },
    { title: "Patch 1.5.0: saves in the cloud", kind: "patch-notes", version: "1.5.0" },
    {
      title: "The Outer Ring expansion is coming this spring",
      kind: "news",
      tags: ["expansion", "roadmap"],
    },
  ];
  for (const [index, post] of posts.entries()) {
    const cover = index >= posts.length - 2 ? covers[index % 2] : undefined;
    const response = await page.request.post("/api/v1/news", {
      headers,
      data: {
        ...post,
        content: `${post.title}: what changed aboard, and why.\n\nThe rest of the story.`,
        games: [game.slug],
        ...(cover ? { coverImage: cover, coverAlt: "Stars over a cargo bay" } : {}),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  const other = await page.request.post("/api/v1/news", {
    headers,
    data: { title: `Studio diary ${id}`, content: "About the studio, not the game." },
  });
  expect(other.status()).toBe(201);
  return { ...game, otherTitle: `Studio diary ${id}` };
}

async function fitsTheScreen(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what}: horizontal overflow`).toBe(0);
}

test("a game page shows its news and patch notes, and its news page pages and narrows by kind, light and dark", {
  tag: SCREENSHOTS,
}, async ({ page, newContext, signedInAs }) => {
  await signedInAs("developer");
  const game = await addGameWithNews(page);
  const guest = await (await newContext()).newPage();

  for (const { theme, viewport } of combinations(LAYOUT)) {
    const name = `${viewport.name}-${theme}`;
    await guest.emulateMedia({ colorScheme: theme });
    await guest.setViewportSize({ width: viewport.width, height: viewport.height });

    await gotoHydrated(guest, `/games/${game.slug}`);
    const news = guest.getByTestId("game-news");
    await expect(news.getByRole("heading", { name: "News", exact: true })).toBeVisible();
    await expect(news.getByTestId("news-card")).toHaveCount(3);
    await expect(news.getByRole("heading", { level: 3 }).first()).toHaveText(
      "The Outer Ring expansion is coming this spring",
    );
    const notes = guest.getByTestId("game-patch-notes").getByRole("listitem");
    await expect(notes).toHaveCount(5);
    await expect(notes.first()).toContainText("1.5.0");
    await expect(notes.last()).toContainText("1.1.0");
    await expect(guest.locator('head link[rel="alternate"][title$=" news"]')).toHaveAttribute(
      "href",
      `/games/${game.slug}/feed.xml`,
    );
    await fitsTheScreen(guest, `game page, ${name}`);
    expect(await axeViolations(guest)).toEqual([]);
    await screenshot(guest, `game-news-section-${name}.png`, { fullPage: true, review: true });

    await news.getByRole("link", { name: `All news about ${game.title}` }).click();
    await expect(guest).toHaveURL(new RegExp(`/games/${game.slug}/news$`));
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`News about ${game.title}`);
    await expect(guest.getByTestId("news-card")).toHaveCount(12);
    await expect(guest.getByText(game.otherTitle)).toHaveCount(0);
    await fitsTheScreen(guest, `game news page, ${name}`);
    expect(await axeViolations(guest)).toEqual([]);
    await screenshot(guest, `game-news-page-${name}.png`, { fullPage: true, review: true });

    await guest.getByRole("link", { name: "Older posts" }).click();
    await expect(guest).toHaveURL(/before=/);
    await expect(guest.getByTestId("news-card")).toHaveCount(2);
    await expect(guest.getByTestId("news-card").last()).toContainText("Where Star Drift began");

    await guest
      .getByRole("navigation", { name: "Kinds of posts" })
      .getByRole("link", {
        name: "Patch notes",
      })
      .click();
    await expect(guest).toHaveURL(new RegExp(`/games/${game.slug}/news\\?kind=patch-notes$`));
    await expect(guest.getByTestId("news-card")).toHaveCount(6);
    await expect(guest.getByRole("link", { name: "Patch notes", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await fitsTheScreen(guest, `patch notes, ${name}`);
    await screenshot(guest, `game-news-patch-notes-${name}.png`, { fullPage: true, review: true });
  }
});
