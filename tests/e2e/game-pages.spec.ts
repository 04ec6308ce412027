import type { APIRequestContext, Page } from "@playwright/test";
import { axeViolations } from "../support/axe";
import { gotoHydrated } from "../support/browser";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { openAdmin } from "./admin-support";
import {
  cspViolations,
  expect,
  SCALE_URL,
  statusMessage,
  test,
  watchCspViolations,
} from "./fixtures";
import { solidImage } from "./profile-helpers";

// Game pages (/games/<slug>) as the studio's developer makes them and a guest reads them: the page
// fields of the Game Management form, the page itself, its click-to-load trailer inside the page's
// own CSP, the old /games/<id> address and the page's accessibility in both themes.
//
// Every test adds games of its own. They do so on the server with the long lists, not the demo
// server: admin-games.spec.ts reorders the demo server's whole list and must be the only one adding
// or removing games there while it runs.
test.use({ baseURL: SCALE_URL });
test.describe.configure({ timeout: 60_000 });

/** A picture served by the site itself, so no test depends on the outside world. */
const IMAGE = "/og-image.png";
const VIDEO_ID = "dQw4w9WgXcQ";
const TRAILER = `https://www.youtube.com/watch?v=${VIDEO_ID}`;
const PLAYER_HOST = "https://www.youtube-nocookie.com";
const STEAM = "https://store.steampowered.com/app/480/Lantern_Path/";
const PLATFORMS = ["Windows", "macOS", "Nintendo Switch"];
const RELEASE = { value: "2026-03-14", shown: "Mar 14, 2026" };
const SHOTS = [
  { alt: "A lantern-lit harbour at dusk", colour: { r: 30, g: 60, b: 140 } },
  { alt: "The keeper climbing the lighthouse stairs", colour: { r: 200, g: 120, b: 40 } },
];
const FRAME_SOURCES = [PLAYER_HOST, "https://player.vimeo.com"];

type NewGamePage = {
  title: string;
  slug: string;
  description: string;
  url: string;
  status: string;
  about: string;
  heading: string;
};

function newGamePage(label: string): NewGamePage {
  const id = uniqueId();
  return {
    title: `${label} ${id}`,
    slug: `${label.toLowerCase().replace(/\W+/g, "-")}-${id}`,
    description: `A small handmade game about ${label.toLowerCase()} (${id}).`,
    url: `https://example.com/games/${id}`,
    status: "In Development",
    heading: "Lighting the way",
    about: `The harbour ${id} needs its keeper.\n\n# Lighting the way\n\nGuide **lost ships** home through the _fog_.\n`,
  };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The screenshot files the tests upload: 1600 px wide, so every stored width is made. */
async function screenshotFile(index: number) {
  const shot = SHOTS[index]!;
  return {
    name: `screenshot-${index + 1}.png`,
    mimeType: "image/png",
    buffer: await solidImage("png", shot.colour, 1600),
  };
}

/**
 * A game with a full page, added through the API as the developer whose session `page` holds
 * (`signedInAs("developer")`): the tests that are about the page, not the form, start from it.
 */
async function addGamePage(page: Page, label: string): Promise<NewGamePage> {
  const game = newGamePage(label);
  const headers = { Origin: SCALE_URL };
  const gallery = [];
  for (const [index, shot] of SHOTS.entries()) {
    const upload = await page.request.post("/media/upload", {
      multipart: { file: await screenshotFile(index) },
      headers,
    });
    expect(upload.status(), "uploading a screenshot").toBe(200);
    const { media } = await upload.json();
    gallery.push({ image: media.id as string, alt: shot.alt });
  }
  const created = await page.request.post("/api/v1/games", {
    headers,
    data: {
      title: game.title,
      description: game.description,
      imageUrl: IMAGE,
      status: game.status,
      url: game.url,
      slug: game.slug,
      about: game.about,
      trailerUrl: TRAILER,
      platforms: PLATFORMS,
      storeLinks: [{ url: STEAM }],
      releaseDate: RELEASE.value,
      gallery,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return game;
}

type ListedGame = { id: string; title: string; slug: string };

/** A game as GET /api/v1/games lists it, following the list's pages. */
async function listedGame(request: APIRequestContext, title: string): Promise<ListedGame> {
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const response = await request.get(`/api/v1/games?limit=100${query}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: ListedGame[]; next: string | null };
    const found = body.data.find((game) => game.title === title);
    if (found) return found;
    cursor = body.next;
  } while (cursor);
  throw new Error(`${title} is not listed by /api/v1/games`);
}

/** The CSP header's directives by name. */
function directivesOf(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? "").split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

/** The value (<dd>) of a fact (<dt>) of the page's list of facts. */
const fact = (page: Page, name: string) =>
  page.locator("dt", { hasText: name }).locator("xpath=following-sibling::dd[1]");

test("a developer gives a new game its page in Game Management and a guest finds it from /games", async ({
  page,
  newContext,
  signedInAs,
}) => {
  const game = newGamePage("Lantern path");
  await signedInAs("developer");
  await openAdmin(page, "Game Management");

  // The card's fields.
  await field(page, "Game Title").fill(game.title);
  await field(page, "Description").fill(game.description);
  await field(page, "Icon/Image URL").fill(IMAGE);
  await field(page, "Status").selectOption(game.status);
  await field(page, "Game Link").fill(game.url);

  // The page's fields.
  await field(page, "Address").fill(game.slug);
  await field(page, "Page text").fill(game.about);
  await field(page, "Trailer URL").fill(TRAILER);
  await field(page, "Platforms").fill(PLATFORMS.join(", "));
  await field(page, "Release date").fill(RELEASE.value);
  await field(page, "Store links").fill(STEAM);
  // Two screenshots, each described as soon as it is uploaded.
  for (const [index, shot] of SHOTS.entries()) {
    await page.getByLabel("Add screenshot").setInputFiles(await screenshotFile(index));
    const alt = field(page, `Alt text for screenshot ${index + 1}`);
    await expect(alt).toBeFocused();
    await alt.fill(shot.alt);
  }
  await expect(page.getByTestId("gallery-editor").getByRole("listitem")).toHaveCount(2);

  await page.getByRole("button", { name: "Add Game", exact: true }).click();
  await expectToast(page, "Game added successfully!");
  await expect(
    page.getByTestId("manage-game").filter({ has: page.getByText(game.title, { exact: true }) }),
  ).toBeVisible();
  // Back to an empty form, with no screenshots left over.
  await expect(field(page, "Game Title")).toHaveValue("");
  await expect(page.getByTestId("gallery-editor")).toHaveCount(0);

  // A guest, in a browser of their own, goes from the catalogue to the game's page.
  const guest = await (await newContext()).newPage();
  await gotoHydrated(guest, "/games");
  const card = guest.getByTestId("game-card").filter({ hasText: game.title });
  await card.getByRole("heading", { level: 2 }).getByRole("link", { name: game.title }).click();
  await expect(guest).toHaveURL(new RegExp(`/games/${game.slug}$`));

  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(game.title);
  const header = guest.getByRole("article").locator("header").first();
  await expect(header.getByText(game.status, { exact: true })).toBeVisible();
  // With a page text, the description is the page's lead.
  await expect(header.getByText(game.description, { exact: true })).toBeVisible();
  await expect(fact(guest, "Release date").locator("time")).toHaveText(RELEASE.shown);
  await expect(fact(guest, "Release date").locator("time")).toHaveAttribute(
    "datetime",
    RELEASE.value,
  );
  await expect(fact(guest, "Platforms").getByRole("listitem")).toHaveText(PLATFORMS);

  const steam = guest.getByTestId("store-links").getByRole("link");
  await expect(steam).toHaveCount(1);
  await expect(steam).toHaveAccessibleName("Steam (opens in a new tab)");
  await expect(steam).toHaveAttribute("href", STEAM);
  await expect(steam).toHaveAttribute("target", "_blank");
  await expect(steam).toHaveAttribute("rel", /\bnoopener\b/);
  // A game in development with a link that is no store page: its site, never "Play Game".
  await expect(guest.getByRole("link", { name: /^Visit Website/ })).toHaveAttribute(
    "href",
    game.url,
  );
  await expect(guest.getByRole("link", { name: /Play Game/ })).toHaveCount(0);

  // The page text, rendered from Markdown: its top heading sits under the page's h1.
  const about = guest.getByTestId("game-about");
  await expect(about.getByRole("heading", { level: 2, name: game.heading })).toBeVisible();
  await expect(about.locator("strong")).toHaveText("lost ships");
  await expect(about).not.toContainText("# Lighting");

  // The trailer waits behind its poster.
  await expect(guest.getByRole("button", { name: `Play trailer: ${game.title}` })).toBeVisible();
  await expect(guest.locator("iframe")).toHaveCount(0);

  // The screenshots, in order, each described and offered at every stored width.
  const gallery = guest.getByTestId("game-gallery").getByRole("img");
  await expect(gallery).toHaveCount(2);
  for (const [index, shot] of SHOTS.entries()) {
    const image = gallery.nth(index);
    await expect(image).toHaveAccessibleName(shot.alt);
    await expect(image).toHaveAttribute("srcset", /480w.*960w.*1600w/);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }

  // The catalogue's card offers the same link in the same words.
  await guest.goBack();
  await expect(guest).toHaveURL(/\/games$/);
  const play = guest
    .getByTestId("game-card")
    .filter({ hasText: game.title })
    .getByRole("link", { name: /^Visit Website/ });
  await expect(play).toHaveAttribute("href", game.url);
  await expect(play).toHaveAttribute("target", "_blank");
});

test("key art without its alt text is flagged at the field, as every other field's message", async ({
  page,
  signedInAs,
}) => {
  const game = newGamePage("Unlabelled art");
  await signedInAs("developer");
  await openAdmin(page, "Game Management");
  await field(page, "Game Title").fill(game.title);
  await field(page, "Description").fill(game.description);
  await field(page, "Icon/Image URL").fill(IMAGE);
  await field(page, "Game Link").fill(game.url);
  // The alt text field appears with the upload; it is left empty.
  await page.getByLabel("Upload key art").setInputFiles(await screenshotFile(0));
  const alt = field(page, "Key art alt text");
  await expect(alt).toBeVisible();
  await page.getByRole("button", { name: "Add Game" }).click();
  await expect(alt).toHaveAttribute("aria-invalid", "true");
  await expect(alt).toHaveAccessibleDescription(/^Describe the key art: alt text is required\./);
  await expect(alt).toBeFocused();
  await expect(page.getByTestId("manage-game").filter({ hasText: game.title })).toHaveCount(0);
  // Described, the game is saved.
  await alt.fill("A lantern over a dark harbour");
  await page.getByRole("button", { name: "Add Game" }).click();
  await expectToast(page, "Game added successfully!");
});

test("the trailer asks nothing of YouTube until played, and only a game page may frame its player", async ({
  page,
  newContext,
  signedInAs,
}) => {
  await signedInAs("developer");
  const game = await addGamePage(page, "Harbour trailer");
  const context = await newContext();
  await watchCspViolations(context);
  const guest = await context.newPage();
  const requests: string[] = [];
  guest.on("request", (request) => requests.push(request.url()));
  // The machine has no internet: the player's page is answered here.
  await guest.route(`${PLAYER_HOST}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<html><body>player</body></html>",
    }),
  );

  const response = await gotoHydrated(guest, `/games/${game.slug}`);
  expect(response?.status()).toBe(200);
  // Only a game page's policy names the players, and only them.
  const policy = directivesOf(response?.headers()["content-security-policy"]);
  expect(policy.get("frame-src")).toEqual(FRAME_SOURCES);
  expect(policy.get("default-src")).toEqual(["'self'"]);
  const catalogue = await guest.request.get("/games");
  const cataloguePolicy = directivesOf(catalogue.headers()["content-security-policy"]);
  expect(cataloguePolicy.get("default-src")).toEqual(["'self'"]);
  expect(cataloguePolicy.has("frame-src")).toBe(false);

  // The whole page seen, every lazy image loaded: still nothing asked of anyone but the site.
  await guest.getByTestId("game-gallery").scrollIntoViewIfNeeded();
  await guest.waitForLoadState("networkidle");
  const offSite = (url: string) => /^https?:/.test(url) && new URL(url).origin !== SCALE_URL;
  expect(requests.filter(offSite)).toEqual([]);
  await expect(guest.locator("iframe")).toHaveCount(0);

  const poster = guest.getByRole("button", { name: `Play trailer: ${game.title}` });
  await poster.scrollIntoViewIfNeeded();
  await expect(poster).toContainText("YouTube · loads when played");
  await poster.click();

  const player = guest.locator("iframe");
  await expect(player).toHaveCount(1);
  await expect(player).toHaveAttribute("title", `Trailer: ${game.title}`);
  await expect(player).toHaveAttribute(
    "src",
    new RegExp(`^${PLAYER_HOST.replaceAll(".", "\\.")}/embed/${VIDEO_ID}(\\?|$)`),
  );
  await expect(player).toHaveAttribute("src", /[?&]autoplay=1\b/);
  // The player took the poster's place and the keyboard with it.
  await expect(poster).toHaveCount(0);
  await expect(player).toBeFocused();
  // It loaded (the CSP let it), from the privacy-enhanced host only.
  await expect(guest.frameLocator("iframe").getByText("player")).toBeVisible();
  expect(requests.filter(offSite).map((url) => new URL(url).origin)).toEqual([PLAYER_HOST]);
  expect(await cspViolations(guest)).toEqual([]);
});

test("an old /games/<id> address moves for good to the game's slug", async ({
  page,
  request,
  signedInAs,
}) => {
  await signedInAs("developer");
  const game = await addGamePage(page, "Moved address");
  const listed = await listedGame(request, game.title);
  expect(listed.slug).toBe(game.slug);

  const moved = await request.get(`/games/${listed.id}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/games/${game.slug}`);
  // A browser following it lands on the page.
  await page.goto(`/games/${listed.id}`);
  await expect(page).toHaveURL(new RegExp(`/games/${game.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(game.title);
});

test("an address that names no game, as a slug or as an id, is the 404 page", async ({
  page,
  request,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(404));
  for (const unknown of [`no-such-game-${uniqueId()}`, crypto.randomUUID()]) {
    // Not a redirect: the address names nothing.
    const answer = await request.get(`/games/${unknown}`, { maxRedirects: 0 });
    expect(answer.status(), unknown).toBe(404);
    const shown = await page.goto(`/games/${unknown}`);
    expect(shown?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
    // Titled like every other 404 page (/no-such-page), for the tab and for screen readers
    // (soft: the other address is still tried when this one is untitled).
    await expect.soft(page).toHaveTitle(/^Page Not Found \| /);
  }
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`a game page has no axe violations in the ${colorScheme} theme`, async ({
    page,
    newContext,
    signedInAs,
  }) => {
    await signedInAs("developer");
    const game = await addGamePage(page, `Axe ${colorScheme}`);
    const guest = await (await newContext()).newPage();
    await guest.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    const response = await gotoHydrated(guest, `/games/${game.slug}`);
    expect(response?.status()).toBe(200);
    // The theme follows the system preference (the default, System).
    if (colorScheme === "dark") await expect(guest.locator("html")).toHaveClass(/\bdark\b/);
    else await expect(guest.locator("html")).not.toHaveClass(/\bdark\b/);
    await expect(guest.getByTestId("game-gallery").getByRole("img")).toHaveCount(2);
    await expect(guest.getByRole("button", { name: `Play trailer: ${game.title}` })).toBeVisible();

    expect(await axeViolations(guest)).toEqual([]);
  });
}
