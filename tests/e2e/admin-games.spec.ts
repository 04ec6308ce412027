import type { Page } from "@playwright/test";
import { countPosts, reloadHydrated } from "../support/browser";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { forgeAdminPost, holdAdminWrites, injectFault, openAdmin } from "./admin-support";
import { expect, statusMessage, test, textOf } from "./fixtures";

// The Game Management tab (docs/product.md#game-management-tab), as a developer. A reorder saves
// the whole list, so no other test may add or remove a game meanwhile: every test that changes
// games lives here and they run one after another. Each test still only relies on the games it
// creates itself, and creates several games through the form, hence the longer time limit.
test.describe.configure({ mode: "serial", timeout: 60_000 });

const SAVE_FAILED = "Failed to save game. Please try again.";
const DELETE_FAILED = "Failed to delete game. Please try again.";
const REORDER_FAILED = "Failed to update game order. Please try again.";
const BAD_LINK = "Game Link must start with http:// or https://";
/** A picture served by the site itself, so no test depends on the outside world. */
const IMAGE = "/og-image.png";

type GameForm = {
  title: string;
  description: string;
  imageUrl: string;
  url: string;
  status?: string;
};

function newGame(label: string): GameForm {
  const id = uniqueId();
  return {
    title: `${label} ${id}`,
    description: `A small handmade game about ${label.toLowerCase()} (${id}).`,
    imageUrl: IMAGE,
    url: `https://example.com/games/${id}`,
  };
}

type Listed = { title: string; position: string };

/** The Manage Games list as the user sees it, top to bottom. */
function manageGames(page: Page): Promise<Listed[]> {
  return page.getByTestId("manage-game").evaluateAll((items) =>
    items.map((item) => ({
      title: item.querySelector("p > span")?.textContent ?? "",
      position: item.querySelector("[data-testid=display-order]")?.textContent ?? "",
    })),
  );
}

const titlesOf = (list: Listed[]) => list.map((g) => g.title);
const numbering = (count: number) => Array.from({ length: count }, (_, i) => `#${i + 1}`);

/** Only the given titles, in the order the list shows them. */
const orderOf = (list: Listed[], titles: string[]) =>
  titlesOf(list).filter((title) => titles.includes(title));

const entry = (page: Page, title: string) =>
  page.getByTestId("manage-game").filter({ has: page.getByText(title, { exact: true }) });
const formHeading = (page: Page) => page.getByRole("tabpanel").getByRole("heading").first();
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillGame(page: Page, game: GameForm) {
  await field(page, "Game Title").fill(game.title);
  await field(page, "Description").fill(game.description);
  await field(page, "Icon/Image URL").fill(game.imageUrl);
  if (game.status) await field(page, "Status").selectOption(game.status);
  await field(page, "Game Link").fill(game.url);
}

/** Adds a game through the form and waits until it is listed. */
async function addGame(page: Page, game: GameForm) {
  await fillGame(page, game);
  await page.getByRole("button", { name: "Add Game", exact: true }).click();
  await expectToast(page, "Game added successfully!");
  await expect(entry(page, game.title)).toBeVisible();
}

/**
 * Moves a game one place up or down with the keyboard: Space picks it up, an arrow moves it, Space
 * drops it. Each step waits for what a screen reader user would hear.
 */
async function moveWithKeyboard(page: Page, title: string, key: "ArrowUp" | "ArrowDown") {
  const handle = page.getByRole("button", { name: `Reorder ${title}`, exact: true });
  const announcement = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await expect(announcement).toContainText(`Picked up ${title}, position`);
  await page.keyboard.press(key);
  await expect(announcement).toContainText(`${title} moved to position`);
  await page.keyboard.press("Space");
  await expect(announcement).toContainText(`${title} dropped at position`);
  await expect(handle).not.toHaveAttribute("aria-pressed", "true");
}

/** Drags a game by its handle onto another game's place with the mouse, in small steps. */
async function dragOnto(page: Page, title: string, target: string) {
  const handle = page.getByRole("button", { name: `Reorder ${title}`, exact: true });
  // Both in the middle of the screen: near its edge the list would scroll itself during the drag.
  await entry(page, target).evaluate((element) => element.scrollIntoView({ block: "center" }));
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await entry(page, target).boundingBox();
  if (!from || !to) throw new Error("the games to reorder are not on screen");
  const startX = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  // Past the activation distance first, then across to the middle of the target.
  await page.mouse.move(startX, startY + (to.y > from.y ? 8 : -8), { steps: 4 });
  await page.mouse.move(startX, to.y + to.height / 2 + (to.y > from.y ? 4 : -4), { steps: 20 });
  await page.mouse.up();
}

/** The public /games page's titles, top to bottom. */
async function publicOrder(page: Page): Promise<string[]> {
  await page.goto("/games");
  await expect(page.getByTestId("game-card").first()).toBeVisible();
  return page.getByTestId("game-card").getByRole("heading", { level: 2 }).allTextContents();
}

test.use({ role: "developer" });

test.beforeEach(async ({ page }) => {
  await openAdmin(page, "Game Management");
});

/** After a reload, Manage Games and /games both show the saved order, numbered 1 to n. */
async function expectOrderKept(page: Page, saved: string[]) {
  await reloadHydrated(page);
  await page.getByRole("tab", { name: "Game Management" }).click();
  const reloaded = await manageGames(page);
  expect(titlesOf(reloaded)).toEqual(saved);
  expect(reloaded.map((g) => g.position)).toEqual(numbering(reloaded.length));
  expect(await publicOrder(page)).toEqual(saved);
}

test("an added game is Released by default, numbered after the highest, and shown last on /games", async ({
  page,
}) => {
  await expect(formHeading(page)).toHaveText("Add New Game");
  await expect(field(page, "Status")).toHaveValue("Released");
  const before = await manageGames(page);
  const highest = Math.max(0, ...before.map((g) => Number(g.position.slice(1))));

  const game = newGame("Lighthouse keeper");
  await fillGame(page, game);
  await page.getByRole("button", { name: "Add Game", exact: true }).click();
  await expectToast(page, "Game added successfully!");

  const added = entry(page, game.title);
  await expect(added.getByTestId("display-order")).toHaveText(`#${highest + 1}`);
  await expect(added).toContainText("Released");
  await expect(added).toContainText(game.description);
  await expect(added.getByRole("img", { name: game.title })).toHaveAttribute("src", IMAGE);
  // Back to an empty add form.
  await expect(formHeading(page)).toHaveText("Add New Game");
  await expect(field(page, "Game Title")).toHaveValue("");
  await expect(field(page, "Status")).toHaveValue("Released");

  // The server keeps it in that place.
  await reloadHydrated(page);
  await page.getByRole("tab", { name: "Game Management" }).click();
  await expect(entry(page, game.title).getByTestId("display-order")).toHaveText(`#${highest + 1}`);
  const after = await manageGames(page);
  expect(after.map((g) => g.position)).toEqual(numbering(after.length));

  const publicTitles = await publicOrder(page);
  expect(publicTitles.at(-1)).toBe(game.title);
  const card = page.getByTestId("game-card").filter({ hasText: game.title });
  await expect(card.getByTestId("game-status")).toHaveText("Released");
  await expect(card.getByRole("link", { name: /Play Game/ })).toHaveAttribute("href", game.url);
});

test("editing shows 'Edit Game' and 'Update Game', saves the change, and Cancel leaves edit mode", async ({
  page,
}) => {
  const game = newGame("Tide pools");
  await addGame(page, game);
  const position = await textOf(entry(page, game.title).getByTestId("display-order"));

  await page.getByRole("button", { name: `Edit ${game.title}`, exact: true }).click();
  await expect(formHeading(page)).toHaveText("Edit Game");
  await expect(field(page, "Game Title")).toHaveValue(game.title);
  await expect(field(page, "Description")).toHaveValue(game.description);
  await expect(field(page, "Icon/Image URL")).toHaveValue(game.imageUrl);
  await expect(field(page, "Game Link")).toHaveValue(game.url);
  await expect(page.getByRole("button", { name: "Add Game", exact: true })).toHaveCount(0);

  const edited = { ...game, title: `${game.title} (remastered)`, status: "Coming Soon" };
  await fillGame(page, edited);
  await page.getByRole("button", { name: "Update Game" }).click();
  await expectToast(page, "Game updated successfully!");
  const updated = entry(page, edited.title);
  await expect(updated).toContainText("Coming Soon");
  // Editing does not move it.
  await expect(updated.getByTestId("display-order")).toHaveText(position);
  await expect(entry(page, game.title)).toHaveCount(0);
  await expect(formHeading(page)).toHaveText("Add New Game");
  await expect(field(page, "Game Title")).toHaveValue("");

  // Cancel drops the unsaved change and empties the form.
  await page.getByRole("button", { name: `Edit ${edited.title}`, exact: true }).click();
  await field(page, "Game Title").fill("A title nobody saves");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(formHeading(page)).toHaveText("Add New Game");
  await expect(page.getByRole("button", { name: "Add Game", exact: true })).toBeVisible();
  await expect(field(page, "Game Title")).toHaveValue("");
  await expect(field(page, "Status")).toHaveValue("Released");

  await page.goto("/games");
  const card = page.getByTestId("game-card").filter({ hasText: edited.title });
  await expect(card.getByTestId("game-status")).toHaveText("Coming Soon");
  await expect(page.getByText("A title nobody saves")).toHaveCount(0);
});

test("deleting asks for confirmation, removes the game and renumbers the rest", async ({
  page,
}) => {
  const game = newGame("Short-lived game");
  await addGame(page, game);

  await page.getByRole("button", { name: `Delete ${game.title}`, exact: true }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading")).toHaveText(
    "Are you sure you want to delete this game?",
  );
  await expect(dialog).toContainText(game.title);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(entry(page, game.title)).toBeVisible();

  await page.getByRole("button", { name: `Delete ${game.title}`, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Deleted", "Game has been deleted.");
  await expect(entry(page, game.title)).toHaveCount(0);
  const list = await manageGames(page);
  expect(list.map((g) => g.position)).toEqual(numbering(list.length));

  expect(await publicOrder(page)).not.toContain(game.title);
});

test("blank fields are refused with 'Please fill in all fields' and nothing is sent", async ({
  page,
}) => {
  const posts = countPosts(page);
  const before = await manageGames(page);

  await page.getByRole("button", { name: "Add Game", exact: true }).click();
  await expectToast(page, "Please fill in all fields");
  // Every field is needed; spaces alone do not count.
  const game = newGame("Half-filled game");
  for (const blank of ["title", "description", "imageUrl", "url"] as const) {
    await fillGame(page, { ...game, [blank]: "   " });
    await page.getByRole("button", { name: "Add Game", exact: true }).click();
    await expectToast(page, "Please fill in all fields");
  }

  expect(posts()).toBe(0);
  expect(await manageGames(page)).toEqual(before);
});

test("a javascript: game link is refused, in the form and by the server", async ({ page }) => {
  const posts = countPosts(page);
  const game = { ...newGame("Sneaky link"), url: "javascript:alert(1)" };
  await fillGame(page, game);
  await page.getByRole("button", { name: "Add Game", exact: true }).click();
  await expectToast(page, BAD_LINK);
  expect(posts()).toBe(0);
  // The user keeps the form to correct it.
  await expect(field(page, "Game Link")).toHaveValue(game.url);
  await expect(entry(page, game.title)).toHaveCount(0);

  // A request made by hand, past the form, is refused by the server too.
  const response = await forgeAdminPost(page, "games", {
    intent: "game-create",
    title: game.title,
    description: game.description,
    imageUrl: game.imageUrl,
    status: "Released",
    url: game.url,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(BAD_LINK);
  expect(await publicOrder(page)).not.toContain(game.title);
});

test("reordering with the keyboard renumbers at once, saves, and /games follows", async ({
  page,
}) => {
  const games = [newGame("Keyboard A"), newGame("Keyboard B"), newGame("Keyboard C")];
  for (const game of games) await addGame(page, game);
  const titles = games.map((g) => g.title);
  const [a, b, c] = titles as [string, string, string];
  const before = await manageGames(page);
  expect(orderOf(before, titles)).toEqual([a, b, c]);
  const placeOfB = before.find((g) => g.title === b)!.position;

  // The new order shows, numbered afresh, before the server has even answered.
  const release = await holdAdminWrites(page);
  await moveWithKeyboard(page, c, "ArrowUp");
  await expect.poll(async () => orderOf(await manageGames(page), titles)).toEqual([a, c, b]);
  const moved = await manageGames(page);
  expect(moved.map((g) => g.position)).toEqual(numbering(moved.length));
  expect(moved.find((g) => g.title === c)!.position).toBe(placeOfB);
  release();
  await expectToast(page, "Game order updated successfully!");

  // Down works too, and the server keeps the last order.
  await moveWithKeyboard(page, a, "ArrowDown");
  await expect.poll(async () => orderOf(await manageGames(page), titles)).toEqual([c, a, b]);
  await expectToast(page, "Game order updated successfully!");
  const saved = titlesOf(await manageGames(page));

  await expectOrderKept(page, saved);
});

test("the title filter shows the matching games at their places, and rests the reorder meanwhile", async ({
  page,
}) => {
  const games = [newGame("Filter Lantern"), newGame("Filter Lantern")];
  for (const game of games) await addGame(page, game);
  const whole = await manageGames(page);
  const [first, second] = games.map((g) => whole.find((listed) => listed.title === g.title)!);
  const filter = page.getByRole("searchbox", { name: "Filter games by title" });

  // Two words, in any case and order: only the games holding both, each with its place in the
  // whole order; no handle offers a reorder of a partial list.
  await filter.fill(`LANTERN ${first!.title.split(" ").at(-1)}`);
  await expect.poll(() => manageGames(page)).toEqual([first]);
  await filter.fill("filter lantern");
  const matching = whole.filter((g) => g.title.toLowerCase().includes("filter lantern"));
  await expect.poll(() => manageGames(page)).toEqual(matching);
  expect(matching).toEqual(expect.arrayContaining([first, second]));
  await expect(page.getByText("Clear the filter to change the order.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Reorder / })).toHaveCount(0);

  await filter.fill("no game is called this");
  await expect(page.getByText("No games match “no game is called this”.")).toBeVisible();
  await expect(page.getByTestId("manage-game")).toHaveCount(0);

  // Clearing it brings back the whole list, in order, and its handles.
  await filter.fill("");
  await expect.poll(() => manageGames(page)).toEqual(whole);
  await expect(page.getByRole("button", { name: /^Reorder / })).toHaveCount(whole.length);
});

test("reordering by dragging with the mouse renumbers at once, saves, and /games follows", async ({
  page,
}) => {
  const games = [newGame("Mouse A"), newGame("Mouse B"), newGame("Mouse C")];
  for (const game of games) await addGame(page, game);
  const titles = games.map((g) => g.title);
  const [a, b, c] = titles as [string, string, string];

  // A onto B's place: B, A, C.
  await dragOnto(page, a, b);
  await expect.poll(async () => orderOf(await manageGames(page), titles)).toEqual([b, a, c]);
  const moved = await manageGames(page);
  expect(moved.map((g) => g.position)).toEqual(numbering(moved.length));
  await expectToast(page, "Game order updated successfully!");

  // C up onto B's place: C, B, A.
  await dragOnto(page, c, b);
  await expect.poll(async () => orderOf(await manageGames(page), titles)).toEqual([c, b, a]);
  await expectToast(page, "Game order updated successfully!");
  const saved = titlesOf(await manageGames(page));

  await expectOrderKept(page, saved);
});

test("a failed reorder is told and the list returns to the server's order", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(500));
  const games = [newGame("Stubborn A"), newGame("Stubborn B")];
  for (const game of games) await addGame(page, game);
  const titles = games.map((g) => g.title);
  const [a, b] = titles as [string, string];
  const serverOrder = await manageGames(page);

  await injectFault(page, "games-reorder");
  const release = await holdAdminWrites(page);
  await moveWithKeyboard(page, b, "ArrowUp");
  await expect.poll(async () => orderOf(await manageGames(page), titles)).toEqual([b, a]);
  release();

  await expectToast(page, REORDER_FAILED);
  await expect.poll(() => manageGames(page)).toEqual(serverOrder);
  await reloadHydrated(page);
  await page.getByRole("tab", { name: "Game Management" }).click();
  expect(await manageGames(page)).toEqual(serverOrder);
});

test("a reorder naming games that do not exist is refused with 409 and changes nothing", async ({
  page,
}) => {
  const before = await manageGames(page);
  const unknownIds = before.map(() => crypto.randomUUID());
  const response = await forgeAdminPost(page, "games", {
    intent: "games-reorder",
    ids: JSON.stringify(unknownIds),
  });
  expect(response.status()).toBe(409);

  await reloadHydrated(page);
  await page.getByRole("tab", { name: "Game Management" }).click();
  expect(await manageGames(page)).toEqual(before);
  expect(await publicOrder(page)).toEqual(titlesOf(before));
});

test("failed add, update and delete are told and the list keeps the server's games", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(500));
  const kept = newGame("Kept game");
  await addGame(page, kept);
  const before = await manageGames(page);

  // Add: nothing new is listed, and the form keeps what was typed.
  await injectFault(page, "game-create");
  const lost = newGame("Lost game");
  await fillGame(page, lost);
  await page.getByRole("button", { name: "Add Game", exact: true }).click();
  await expectToast(page, SAVE_FAILED);
  await expect(entry(page, lost.title)).toHaveCount(0);
  await expect(field(page, "Game Title")).toHaveValue(lost.title);
  expect(await manageGames(page)).toEqual(before);
  await page.getByRole("button", { name: "Cancel" }).click();

  // Update: the list keeps the saved title.
  await injectFault(page, "game-update");
  await page.getByRole("button", { name: `Edit ${kept.title}`, exact: true }).click();
  const attempted = `${kept.title} (edit that fails)`;
  await field(page, "Game Title").fill(attempted);
  await page.getByRole("button", { name: "Update Game" }).click();
  await expectToast(page, SAVE_FAILED);
  await expect(entry(page, kept.title)).toBeVisible();
  await expect(entry(page, attempted)).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel" }).click();

  // Delete: gone while the server works, then back in its place.
  await injectFault(page, "game-delete");
  const release = await holdAdminWrites(page);
  await page.getByRole("button", { name: `Delete ${kept.title}`, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(entry(page, kept.title)).toHaveCount(0);
  release();
  await expectToast(page, DELETE_FAILED);
  await expect(entry(page, kept.title)).toBeVisible();
  expect(await manageGames(page)).toEqual(before);

  // The server holds exactly what it held before.
  const publicTitles = await publicOrder(page);
  expect(publicTitles).toEqual(titlesOf(before));
  await openAdmin(page, "Game Management");
  expect(await manageGames(page)).toEqual(before);
});
