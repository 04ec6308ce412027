import path from "node:path";
import type { Page } from "@playwright/test";
import { openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import { createGame } from "../../app/games/games.server";
import { createNews } from "../../app/news/news-writes.server";
import { axeViolations } from "../support/axe";
import { gotoHydrated, waitForHydration } from "../support/browser";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expect, test } from "./fixtures";
import {
  freshDataDir,
  killLeftoverServers,
  type ServerProcess,
  startServer,
} from "./server-process";

// The news list's filters, a tag's page and an article about games (docs/product.md#news-list,
// #tags, #news-detail) as a reader uses them: chips that keep the other filters, a search within
// them, badges and links on the article; each screen fits a desktop and a phone in both themes with
// no axe violation. A server of its own with posts of every kind about two games, so the pictures
// and the checks do not depend on the demo content or on what other specs publish.

const HOUR = 3_600_000;
const GAME = { description: "A small handmade game.", imageUrl: "/images/games/tidewright.svg" };

test.describe.configure({ mode: "serial", timeout: 180_000 });

let server: ServerProcess;
let bothGamesPatch = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = freshDataDir("news-filters");
  const handle = await openDatabase({ engine: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    await migrate(handle);
    const url = "https://play.example/game";
    const starDrift = await createGame(handle.db, {
      ...GAME,
      title: "Star Drift",
      status: "Released",
      url,
    });
    const hollowReef = await createGame(handle.db, {
      ...GAME,
      title: "Hollow Reef",
      status: "Coming Soon",
      url,
    });
    const posts = [
      { title: "We moved into a new studio", kind: "news", tags: ["studio"], games: [] },
      {
        title: "Meet us at the Lisbon Indie Showcase",
        kind: "event",
        tags: ["events"],
        games: [hollowReef.id],
      },
      {
        title: "Drawing nebulae for Star Drift",
        kind: "devlog",
        tags: ["art", "shaders"],
        games: [starDrift.id],
      },
      {
        title: "Hollow Reef 0.9.1 patch notes",
        kind: "patch-notes",
        version: "0.9.1",
        tags: ["balance"],
        games: [hollowReef.id],
      },
      {
        title: "Star Drift 1.2.0: the boss rebalance",
        kind: "patch-notes",
        version: "1.2.0",
        tags: ["balance", "bosses"],
        games: [starDrift.id],
      },
      {
        title: "One patch for both games: shared saves and a faster start",
        kind: "patch-notes",
        version: "2.0.0-beta.3",
        tags: ["balance", "level-design", "performance", "cloud-saves"],
        games: [starDrift.id, hollowReef.id],
      },
      {
        title: "Hollow Reef is out today",
        kind: "launch",
        tags: ["launch"],
        games: [hollowReef.id],
      },
    ] as const;
    for (const [i, post] of posts.entries()) {
      const created = await createNews(handle.db, {
        ...post,
        tags: [...post.tags],
        games: [...post.games],
        content: `${post.title}: the boss of the third nebula hits less hard now.\n\nA second paragraph with the details.`,
        createdAt: new Date(Date.now() - (posts.length - i) * HOUR),
      });
      if (post.games.length === 2) bothGamesPatch = created.slug;
    }
  } finally {
    await handle.close();
  }
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  await killLeftoverServers();
});

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const cardTitles = (page: Page) => page.getByTestId("news-card").getByRole("heading");

test("a reader narrows /news with the chips and a search, opens an article and follows its tag", async ({
  page,
}) => {
  await gotoHydrated(page, `${server.url}/news?tag=balance`);
  await expect(heading(page)).toHaveText("Posts tagged #balance");
  await expect(cardTitles(page)).toHaveText([
    "One patch for both games: shared saves and a faster start",
    "Star Drift 1.2.0: the boss rebalance",
    "Hollow Reef 0.9.1 patch notes",
  ]);

  // A kind keeps the tag.
  const kinds = page.getByRole("navigation", { name: "Kinds of post" });
  await kinds.getByRole("link", { name: "Patch notes" }).click();
  await expect(page).toHaveURL(`${server.url}/news?kind=patch-notes&tag=balance`);
  await expect(heading(page)).toHaveText("Patch notes tagged #balance");
  await expect(kinds.getByRole("link", { name: "Patch notes" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // The search searches within the filters.
  await page.getByRole("searchbox", { name: "Search news" }).fill("boss");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`${server.url}/news?kind=patch-notes&tag=balance&q=boss`);
  await expect(cardTitles(page)).toHaveCount(3);

  // The tag's chip removes the tag only.
  await page.getByRole("link", { name: "Remove the filter: Tagged #balance" }).click();
  await expect(page).toHaveURL(`${server.url}/news?kind=patch-notes&q=boss`);
  await expect(heading(page)).toHaveText("Patch notes");

  // The card says what the post is about.
  const card = page.getByTestId("news-card").filter({ hasText: "One patch for both games" });
  await expect(card.getByTestId("news-kind")).toHaveText("Patch notes 2.0.0-beta.3");
  await expect(card.getByTestId("news-games")).toHaveText("About Star Drift, Hollow Reef");
  await card.getByRole("link", { name: /Read More/ }).click();

  await expect(page).toHaveURL(`${server.url}/news/${bothGamesPatch}`);
  await expect(page.getByTestId("news-kind")).toHaveText("Patch notes 2.0.0-beta.3");
  const games = page.getByTestId("news-games");
  await expect(games.getByRole("link")).toHaveText(["Star Drift", "Hollow Reef"]);
  await expect(games.getByRole("link", { name: "Hollow Reef" })).toHaveAttribute(
    "href",
    "/games/hollow-reef",
  );
  const tags = page.getByRole("navigation", { name: "Tags" });
  await expect(tags.getByRole("link")).toHaveText([
    "#balance",
    "#level-design",
    "#performance",
    "#cloud-saves",
  ]);
  await tags.getByRole("link", { name: "#level-design" }).click();

  await expect(page).toHaveURL(`${server.url}/news/tag/level-design`);
  await expect(heading(page)).toHaveText("#level-design");
  await expect(cardTitles(page)).toHaveText([
    "One patch for both games: shared saves and a faster start",
  ]);
  await expect(
    page.locator('head link[rel="alternate"][href="/news/tag/level-design/feed.xml"]'),
  ).toHaveCount(1);
  await page.getByRole("link", { name: "All news" }).click();
  await expect(page).toHaveURL(`${server.url}/news`);
  await expect(heading(page)).toHaveText("News");
});

test("a filtered list, a tag's page and an article with badges fit desktop and phone, light and dark, with no axe violation", {
  tag: SCREENSHOTS,
}, async ({ page }) => {
  const views = [
    { name: "news-filtered", path: "/news?game=star-drift&tag=balance" },
    { name: "news-kinds", path: "/news" },
    { name: "news-tag", path: "/news/tag/balance" },
    { name: "news-article-about-games", path: `/news/${bothGamesPatch}` },
  ];
  for (const { theme, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const view of views) {
      await page.goto(`${server.url}${view.path}`);
      await waitForHydration(page);
      if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${view.name}, ${viewport.name}, ${theme}: horizontal overflow`).toBe(0);
      expect(await axeViolations(page), `${view.name}, ${viewport.name}, ${theme}`).toEqual([]);
      await screenshot(page, `${view.name}-${viewport.name}-${theme}.png`, {
        fullPage: true,
        review: true,
      });
    }
  }
});
