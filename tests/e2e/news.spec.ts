import type { Locator, Page } from "@playwright/test";
import { gotoHydrated } from "../support/browser";
import { EMPTY_URL, expect, LIST_DATE, test, textOf } from "./fixtures";

// News list, news detail and Home's latest news (docs/product.md#news-list), on the demo server,
// and the empty states on the empty server.

type Card = { title: string; date: string; datetime: string; content: string; href: string };

async function readCard(card: Locator): Promise<Card> {
  const time = card.locator("time");
  return {
    title: await textOf(card.getByRole("heading")),
    date: await textOf(time),
    datetime: (await time.getAttribute("datetime")) ?? "",
    content: await card
      .locator("p")
      .first()
      .evaluate((p) => p.textContent ?? ""),
    href: (await card.getByRole("link", { name: /Read More/ }).getAttribute("href")) ?? "",
  };
}

async function newsCards(page: Page): Promise<Card[]> {
  const cards = page.getByTestId("news-card");
  await expect(cards.first()).toBeVisible();
  const result: Card[] = [];
  for (const card of await cards.all()) result.push(await readCard(card));
  return result;
}

// One flow on the pages the three checks share (each was a test of its own, opening /news again):
// the list, the article its first card opens, and Home against the list.
test("the news list, the article Read More opens, and Home's latest news", async ({ page }) => {
  let cards: Card[] = [];
  await test.step("the news list shows cards with title, list date and Read More, newest first", async () => {
    await gotoHydrated(page, "/news");
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
    cards = await newsCards(page);
    expect(cards.length).toBeGreaterThan(3);
    for (const card of cards) {
      expect(card.title.length).toBeGreaterThan(0);
      expect(card.date).toMatch(LIST_DATE);
      expect(card.content.trim().length).toBeGreaterThan(0);
      expect(card.href).toMatch(/^\/news\/[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    const times = cards.map((card) => Date.parse(card.datetime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    await expect(page.getByRole("link", { name: /Read More/ })).toHaveCount(cards.length);
  });

  await test.step("Read More opens the article: title, date, paragraphs, structured data and back links", async () => {
    const firstCard = page.getByTestId("news-card").first();
    const card = await readCard(firstCard);
    await firstCard.getByRole("link", { name: /Read More/ }).click();
    await expect(page).toHaveURL(card.href);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(card.title);
    await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(card.title)}`));
    const time = page.locator("article time");
    await expect(time).toHaveText(card.date);
    await expect(time).toHaveAttribute("datetime", card.datetime);

    // One paragraph per non-blank line; the card showed the first of them (its excerpt).
    const paragraphs = page.locator("article > div > p");
    expect(await paragraphs.count()).toBeGreaterThan(1);
    await expect(paragraphs.first()).toHaveText(card.content.trim());

    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(jsonLd ?? "{}");
    expect(data["@type"]).toBe("NewsArticle");
    expect(data.headline).toBe(card.title);

    const back = page.getByRole("link", { name: "Back to News" });
    await expect(back).toHaveCount(2);
    for (const link of await back.all()) await expect(link).toHaveAttribute("href", "/news");
    await back.last().click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  });

  await test.step("Home shows exactly the 3 newest news items, in the list's order", async () => {
    // Other tests publish news on this server meanwhile: Home is compared with the list as it is
    // just after Home was read, read again until the two agree (a real difference never does).
    const list = await page.context().newPage();
    await expect(async () => {
      await page.goto("/");
      const latest = page.getByRole("region", { name: "Latest News" });
      await expect(latest.getByTestId("news-card")).toHaveCount(3);
      const home: Card[] = [];
      for (const card of await latest.getByTestId("news-card").all())
        home.push(await readCard(card));
      await list.goto("/news");
      const all = await newsCards(list);
      expect(home.map((c) => c.href)).toEqual(all.slice(0, 3).map((c) => c.href));
      expect(home.map((c) => c.title)).toEqual(all.slice(0, 3).map((c) => c.title));
      for (const card of home) expect(card.date).toMatch(LIST_DATE);
      await expect(latest.getByRole("link", { name: /Read More/ })).toHaveCount(3);
    }).toPass({ timeout: 30_000 });
    await list.close();
  });
});

test("an unknown or malformed news id redirects to /news", async ({ page, request }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    const raw = await request.get(`/news/${id}`, { maxRedirects: 0 });
    expect(raw.status()).toBe(302);
    expect(raw.headers().location).toBe("/news");

    await page.goto(`/news/${id}`);
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1, name: "News" })).toBeVisible();
  }
});

test.describe("with no content", () => {
  test("/news shows 'No News Yet'", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/news`);
    await expect(page.getByRole("heading", { name: "No News Yet" })).toBeVisible();
    await expect(page.getByTestId("news-card")).toHaveCount(0);
  });

  test("Home shows the empty latest-news text", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/`);
    const latest = page.getByRole("region", { name: "Latest News" });
    await expect(latest.getByText("No news available yet. Check back soon!")).toBeVisible();
    await expect(latest.getByTestId("news-card")).toHaveCount(0);
  });

  test("/games shows the empty games text", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/games`);
    await expect(page.getByText("No games available yet. Check back soon!")).toBeVisible();
    await expect(page.getByTestId("game-card")).toHaveCount(0);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
