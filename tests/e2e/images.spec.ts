import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import type { GameEntry } from "../../app/games/game-schema";
import { parseTrailer } from "../../app/games/trailer";
import { axeViolations } from "../support/axe";
import { waitForHydration } from "../support/browser";
import {
  combinations,
  LAYOUT,
  SCREENSHOTS,
  screenshot,
  TAKING_SCREENSHOTS,
} from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { openAdmin } from "./admin-support";
import { featuredGameHtml } from "./featured-game-story";
import { expect, test } from "./fixtures";

// Images first (docs/product.md#games, #news-list): a developer uploads a game's card image and key
// art; the catalogue shows the card image with the status badge over it and the game page its key
// art; news covers show on /news and Home's Latest News. Axe finds nothing in either theme, and the
// pages fit a desktop and a phone (each width once in `npm test`); `npm run screenshots` photographs
// them in light and dark at both widths for docs/screenshots (tests/support/screenshots.ts), after
// the two tests that upload the pictures.

test.describe.configure({ mode: "serial", timeout: 120_000 });

type Palette = { sky: [string, string]; sun: string; hills: [string, string] };

const PALETTES: Palette[] = [
  { sky: ["#1b1f4b", "#e0705a"], sun: "#ffd27a", hills: ["#3b2c5e", "#181433"] },
  { sky: ["#0d3b4f", "#7fd1c7"], sun: "#f6f2c4", hills: ["#1f6f6a", "#0b2e36"] },
  { sky: ["#2e1a47", "#f2a65a"], sun: "#fff1b8", hills: ["#6b2f57", "#2a1030"] },
];

/** A made-up landscape, 16:9, as a PNG: something like key art for the uploads. */
function art(palette: Palette, seed: number, width = 1600): Promise<Buffer> {
  const height = Math.round((width * 9) / 16);
  const stars = Array.from({ length: 40 }, (_, i) => {
    const x = (i * 397 + seed * 131) % width;
    const y = (i * 173 + seed * 57) % Math.round(height * 0.45);
    return `<circle cx="${x}" cy="${y}" r="${1 + (i % 3)}" fill="#fff" opacity="${0.3 + (i % 5) / 10}"/>`;
  }).join("");
  const ridge = (base: number, amp: number, phase: number) => {
    const points = Array.from({ length: 17 }, (_, i) => {
      const x = (i * width) / 16;
      const y = base - Math.abs(Math.sin(i * 1.3 + phase + seed)) * amp;
      return `${x.toFixed(0)},${y.toFixed(0)}`;
    });
    return `M0,${height} L${points.join(" L")} L${width},${height} Z`;
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>${stars}
    <circle cx="${width * (0.6 + (seed % 3) * 0.1)}" cy="${height * 0.42}" r="${height * 0.16}" fill="${palette.sun}"/>
    <path d="${ridge(height * 0.72, height * 0.25, 0.4)}" fill="${palette.hills[0]}"/>
    <path d="${ridge(height * 0.88, height * 0.18, 2.1)}" fill="${palette.hills[1]}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const pngFile = async (name: string, palette: Palette, seed: number) => ({
  name: `${name}.png`,
  mimeType: "image/png",
  buffer: await art(palette, seed),
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** An uploaded picture's <img>: every stored width, its size given, lazily unless told. */
async function expectResponsive(
  image: Locator,
  options: { loading?: "lazy" | "eager"; ratio?: number } = {},
) {
  await expect(image).toHaveAttribute(
    "srcset",
    /\/media\/[0-9a-f-]{36}\/480\.webp 480w.*960w.*1600w/,
  );
  await expect(image).toHaveAttribute("width", "1600");
  await expect(image).toHaveAttribute("height", "900");
  await expect(image).toHaveAttribute("sizes", /.+/);
  await expect(image).toHaveAttribute("loading", options.loading ?? "lazy");
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // Shown in a box of its own shape (16:9 unless told) whatever the file: nothing moves when it arrives.
  const box = (await image.boundingBox())!;
  expect(Math.abs(box.width / box.height - (options.ratio ?? 16 / 9))).toBeLessThan(0.05);
}

// Titles the demo catalogue does not use, without a unique mark: the pictures are for people to look
// at. The server's data is new each run; a retry finds the first run's games and news too.
const id = uniqueId();
const GAMES = [
  {
    title: "Lamplight Harbour",
    status: "In Development",
    description: "Keep a harbour's lamps lit through one long winter of storms and visitors.",
  },
  {
    title: "Paper Comets",
    status: "Coming Soon",
    description: "Fold paper comets and send them across a sky full of letters.",
  },
  {
    title: "Emberfall",
    status: "Released",
    description: "A short mountain walk at the end of summer, told in embers and echoes.",
  },
].map((game, index) => ({
  ...game,
  url: `https://example.com/games/${id}-${index}`,
  cardAlt: `${game.title.split(" ")[0]}: a lighthouse on a hill at dusk`,
  artAlt: `${game.title.split(" ")[0]}: the sea under a low sun`,
}));
const NEWS = [
  { title: "Devlog: the harbour lights", alt: "Hills at sunset under a starry sky" },
  { title: "Paper Comets is coming this spring", alt: "A green valley at dawn" },
  { title: "Emberfall 1.1 is out", alt: "Purple mountains under a golden sun" },
];

test("a developer uploads a card image and key art; /games shows the card image with its status badge, the page its key art", {
  tag: SCREENSHOTS,
}, async ({ page, newContext, signedInAs }) => {
  await signedInAs("developer");
  await openAdmin(page, "Game Management");
  for (const [index, game] of GAMES.entries()) {
    await field(page, "Game Title").fill(game.title);
    await field(page, "Description").fill(game.description);
    await field(page, "Status").selectOption(game.status);
    await field(page, "Game Link").fill(game.url);
    // No Icon/Image URL: the uploads are the pictures.
    await page
      .getByLabel("Upload card image")
      .setInputFiles(await pngFile("card", PALETTES[index]!, index));
    await expect(page.getByRole("button", { name: "Remove card image" })).toBeVisible();
    await field(page, "Card image alt text").fill(game.cardAlt);
    await page
      .getByLabel("Upload key art")
      .setInputFiles(await pngFile("art", PALETTES[(index + 1) % 3]!, index + 5));
    await expect(page.getByRole("button", { name: "Remove key art" })).toBeVisible();
    await field(page, "Key art alt text").fill(game.artAlt);
    await page.getByRole("button", { name: "Add Game", exact: true }).click();
    await expectToast(page, "Game added successfully!");
    // The form starts afresh, its pictures too.
    await expect(page.getByLabel("Upload card image")).toBeVisible();
  }

  const guest = await (await newContext()).newPage();
  await guest.goto("/games");
  const [first] = GAMES;
  const card = guest.getByTestId("game-card").filter({ hasText: first!.title }).first();
  await expectResponsive(card.getByRole("img", { name: first!.cardAlt, exact: true }));
  // The status badge sits over the picture's corner.
  const badge = card.getByTestId("game-status");
  await expect(badge).toHaveText(first!.status);
  const picture = (await card.getByRole("img", { name: first!.cardAlt }).boundingBox())!;
  const corner = (await badge.boundingBox())!;
  expect(corner.x).toBeGreaterThanOrEqual(picture.x);
  expect(corner.y).toBeGreaterThanOrEqual(picture.y);
  expect(corner.y + corner.height).toBeLessThanOrEqual(picture.y + picture.height);

  // The game page: the key art, a wide banner fetched first.
  await card.getByRole("heading", { level: 2 }).getByRole("link").click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(first!.title);
  const keyArt = guest.getByRole("img", { name: first!.artAlt, exact: true });
  await expect(keyArt).toHaveAttribute("fetchpriority", "high");
  await expectResponsive(keyArt, { loading: "eager", ratio: 21 / 9 });
});

test("an admin's news covers show on /news and on Home's Latest News", {
  tag: SCREENSHOTS,
}, async ({ page, newContext, signedInAs }) => {
  await signedInAs("admin");
  await openAdmin(page, "News Management");
  for (const [index, item] of NEWS.entries()) {
    await field(page, "Title").fill(item.title);
    // Two paragraphs, as the news list's own test expects of the newest article it opens.
    await field(page, "Content").fill(
      `${item.title}: what we made this month.\n\nMore on our next devlog.`,
    );
    await page
      .getByLabel("Upload cover image")
      .setInputFiles(await pngFile("cover", PALETTES[(index + 2) % 3]!, index + 9));
    await field(page, "Cover alt text").fill(item.alt);
    await page.getByRole("button", { name: "Add News", exact: true }).click();
    await expectToast(page, "News item added successfully!");
  }

  const guest = await (await newContext()).newPage();
  await guest.goto("/news");
  const newest = NEWS.at(-1)!;
  const first = guest.getByTestId("news-card").first();
  await expect(first).toContainText(newest.title);
  // The first card's cover is at the top of the page: fetched at once; the others wait.
  await expectResponsive(first.getByRole("img", { name: newest.alt }), { loading: "eager" });
  const second = guest.getByTestId("news-card").filter({ hasText: NEWS[1]!.title }).first();
  await expectResponsive(second.getByRole("img", { name: NEWS[1]!.alt }));

  await guest.goto("/");
  const latest = guest.getByRole("region", { name: "Latest News" });
  for (const item of NEWS) {
    const cover = latest
      .getByTestId("news-card")
      .filter({ hasText: item.title })
      .first()
      .getByRole("img");
    await expect(cover).toHaveAccessibleName(item.alt);
    await expectResponsive(cover);
  }
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`Home, /games and /news with their pictures have no axe violations (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    for (const address of ["/", "/games", "/news"]) {
      await page.goto(address);
      expect(await axeViolations(page), address).toEqual([]);
    }
  });
}

/** The first uploaded game as Home's featured game, with a trailer and a store (its story). */
async function featuredHero(page: Page): Promise<string> {
  const list = await (await page.request.get("/api/v1/games?limit=100")).json();
  const game = (list.data as GameEntry[]).find((one) => one.title === GAMES[0]!.title)!;
  const picture = (image: string, alt: string) => ({
    source: "upload" as const,
    alt,
    image: {
      id: image,
      widths: [480, 960, 1600],
      sizes: "100vw",
      width: 1600,
      height: 900,
    },
  });
  return featuredGameHtml({
    game: {
      ...game,
      storeLinks: [{ store: "Steam", url: "https://store.steampowered.com/app/1" }],
    },
    keyArt: picture(game.keyArt!, game.keyArtAlt!),
    poster: picture(game.cardImage!, game.cardImageAlt!),
    trailer: parseTrailer("https://youtu.be/dQw4w9WgXcQ"),
  });
}

type View = { name: string; path: string; edit?: string; hero?: string };

/**
 * Each view on a desktop and a phone (both in light and dark when taking screenshots): nothing
 * wider than the screen.
 */
async function shoot(page: Page, views: View[]) {
  for (const { theme, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const view of views) {
      await page.goto(view.path);
      await waitForHydration(page);
      // The featured game's hero in the place of the studio's.
      if (view.hero)
        await page
          .locator("main > section")
          .first()
          .evaluate((hero, html) => {
            hero.outerHTML = html;
          }, view.hero);
      if (view.edit) {
        await page.getByRole("button", { name: `Edit ${view.edit}` }).click();
        await expect(page.getByRole("button", { name: "Remove key art" })).toBeVisible();
        // Manage Games shows the card's uploaded picture as the game's thumbnail.
        const listed = page.getByTestId("manage-game").filter({ hasText: view.edit }).first();
        await expect(listed.getByRole("img").first()).toHaveAttribute("srcset", /480w/);
      }
      // Every picture in, lazy ones too, before the picture is taken.
      if (TAKING_SCREENSHOTS)
        await page.evaluate(async () => {
          for (const img of Array.from(document.images)) {
            img.loading = "eager";
            await img.decode().catch(() => undefined);
          }
        });
      await page.evaluate(() => window.scrollTo(0, 0));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${view.name}, ${viewport.name}, ${theme}: horizontal overflow`).toBe(0);
      await screenshot(page, `${view.name}-${viewport.name}-${theme}.png`, { fullPage: true });
    }
  }
}

test("screenshots: /games with card images, a game's key art, /news and Home with covers, the game form's pictures", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  await shoot(page, [
    { name: "games-card-images", path: "/games" },
    { name: "game-key-art", path: "/games/lamplight-harbour" },
    { name: "news-covers", path: "/news" },
    { name: "home-covers", path: "/" },
  ]);
  await shoot(page, [{ name: "home-featured-game", path: "/", hero: await featuredHero(page) }]);
  await signedInAs("developer");
  await shoot(page, [{ name: "admin-game-pictures", path: "/admin/games", edit: GAMES[0]!.title }]);
});
