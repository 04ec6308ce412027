import type { Locator, Page } from "@playwright/test";
import { countPosts, gotoHydrated, reloadHydrated } from "../support/browser";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { holdAdminWrites, injectFault, openAdmin } from "./admin-support";
import { expect, statusMessage, test, textOf } from "./fixtures";

// The News Management tab (docs/product.md#news-management-tab), as an admin: what is saved shows
// on the public pages at once, and a failing save is told and undone (the server is made to fail
// with the studio_fault cookie). The tests run one after another: the 'newest first' checks of one
// test must not see another test's news.
test.describe.configure({ mode: "serial" });

// A failed write names the operation and says what to do (docs/product.md#news-management-tab).
const ADD_FAILED = ["Failed to add news", "Failed to save news item. Please try again."] as const;
const UPDATE_FAILED = [
  "Failed to update news",
  "Failed to save news item. Please try again.",
] as const;
const DELETE_FAILED = [
  "Failed to delete news",
  "Failed to delete news item. Please try again.",
] as const;

function newsItem(label: string) {
  const id = uniqueId();
  return {
    title: `${label} ${id}`,
    content: `The first paragraph of ${label.toLowerCase()} ${id}.\nThe second paragraph.`,
  };
}

const manageList = (page: Page) => page.getByTestId("manage-news");
const manageEntry = (page: Page, title: string) =>
  manageList(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(title, { exact: true }) });
const titleField = (page: Page) => page.getByLabel("Title", { exact: true });
const contentField = (page: Page) => page.getByLabel("Content", { exact: true });
const formHeading = (page: Page) => page.getByRole("tabpanel").getByRole("heading").first();

async function fillNews(page: Page, item: { title: string; content: string }) {
  await titleField(page).fill(item.title);
  await contentField(page).fill(item.content);
}

/** Adds a news item through the form and waits for the success toast. */
async function addNews(page: Page, item: { title: string; content: string }) {
  await fillNews(page, item);
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "News item added successfully!");
  await expect(manageEntry(page, item.title)).toBeVisible();
}

test.use({ role: "admin" });

test.beforeEach(async ({ page }) => {
  await openAdmin(page, "News Management");
});

test("an added item is listed at once and is the newest on /news, its page and Home", async ({
  page,
}) => {
  await expect(formHeading(page)).toHaveText("Add News");
  const item = newsItem("Studio announcement");
  await addNews(page, item);
  // Newest first in Manage News, with today's list date; the form is empty again.
  await expect(manageList(page).getByRole("listitem").first()).toContainText(item.title);
  await expect(titleField(page)).toHaveValue("");
  await expect(contentField(page)).toHaveValue("");

  await gotoHydrated(page, "/news");
  const first = page.getByTestId("news-card").first();
  await expect(first.getByRole("heading")).toHaveText(item.title);
  await first.getByRole("link", { name: /Read More/ }).click();
  // A readable address made from the title.
  await expect(page).toHaveURL(new RegExp(`/news/${item.title.toLowerCase().replace(/ /g, "-")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.title);
  await expect(page.locator("article > div > p")).toHaveText(item.content.split("\n"));

  await page.goto("/");
  const latest = page.locator("section[aria-labelledby='latest-news-heading']");
  await expect(latest.getByTestId("news-card").first().getByRole("heading")).toHaveText(item.title);
});

test("editing shows 'Edit News', saves with 'Update News', and Cancel returns to an empty 'Add News'", async ({
  page,
}) => {
  const item = newsItem("Patch notes");
  await addNews(page, item);

  await manageEntry(page, item.title)
    .getByRole("button", { name: `Edit ${item.title}` })
    .click();
  await expect(formHeading(page)).toHaveText("Edit News");
  await expect(titleField(page)).toHaveValue(item.title);
  await expect(contentField(page)).toHaveValue(item.content);
  await expect(page.getByRole("button", { name: "Add News", exact: true })).toHaveCount(0);

  const edited = {
    title: `${item.title} (revised)`,
    content: "A revised first paragraph.\nA revised second paragraph.",
  };
  await fillNews(page, edited);
  await page.getByRole("button", { name: "Update News" }).click();
  await expectToast(page, "News item updated successfully!");
  await expect(manageEntry(page, edited.title)).toBeVisible();
  await expect(manageEntry(page, item.title)).toHaveCount(0);
  // A successful save returns to add mode with an empty form.
  await expect(formHeading(page)).toHaveText("Add News");
  await expect(titleField(page)).toHaveValue("");

  // Cancel leaves edit mode without saving anything.
  await manageEntry(page, edited.title)
    .getByRole("button", { name: `Edit ${edited.title}` })
    .click();
  await expect(formHeading(page)).toHaveText("Edit News");
  await titleField(page).fill("A title nobody saves");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(formHeading(page)).toHaveText("Add News");
  await expect(page.getByRole("button", { name: "Add News", exact: true })).toBeVisible();
  await expect(titleField(page)).toHaveValue("");
  await expect(contentField(page)).toHaveValue("");
  await expect(manageEntry(page, edited.title)).toBeVisible();

  await page.goto("/news");
  const card = page.getByTestId("news-card").filter({ hasText: edited.title });
  await expect(card.getByRole("heading")).toHaveText(edited.title);
  // The card shows the first paragraph (its excerpt); the article shows both.
  await expect(card).toContainText("A revised first paragraph.");
  await expect(page.getByText("A title nobody saves")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: item.title, exact: true })).toHaveCount(0);
  await card.getByRole("link", { name: /Read More/ }).click();
  for (const line of edited.content.split("\n")) {
    await expect(page.locator("article")).toContainText(line);
  }
});

test("deleting asks for confirmation, then removes the item everywhere", async ({ page }) => {
  const item = newsItem("Short-lived news");
  await addNews(page, item);

  // Cancelling the dialog keeps the item.
  await manageEntry(page, item.title)
    .getByRole("button", { name: `Delete ${item.title}` })
    .click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading")).toHaveText(
    "Are you sure you want to delete this news item?",
  );
  await expect(dialog).toContainText(item.title);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(manageEntry(page, item.title)).toBeVisible();

  await manageEntry(page, item.title)
    .getByRole("button", { name: `Delete ${item.title}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Deleted", "News item has been deleted.");
  await expect(manageEntry(page, item.title)).toHaveCount(0);

  await reloadHydrated(page);
  await page.getByRole("tab", { name: "News Management" }).click();
  await expect(manageList(page)).toBeVisible();
  await expect(manageEntry(page, item.title)).toHaveCount(0);
  await page.goto("/news");
  await expect(page.getByTestId("news-card").first()).toBeVisible();
  await expect(page.getByText(item.title)).toHaveCount(0);
});

test("blank fields are refused with 'Please fill in all fields' and nothing is added", async ({
  page,
}) => {
  // Writes only: the editor's live preview posts the text as it is typed.
  const posts = countPosts(page, /^\/admin\/news(\.data)?$/);
  const before = await manageList(page).getByRole("listitem").count();

  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "Please fill in all fields");

  // Spaces alone are blank too, in either field.
  const title = `Only a title ${uniqueId()}`;
  await fillNews(page, { title, content: "   " });
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "Please fill in all fields");
  await fillNews(page, { title: "  ", content: "Content without a title." });
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "Please fill in all fields");

  expect(posts()).toBe(0);
  await expect(manageList(page).getByRole("listitem")).toHaveCount(before);
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);
});

test("a failed add is told and the temporary item disappears", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(500));
  await injectFault(page, "news-create");
  const release = await holdAdminWrites(page);
  const item = newsItem("Never published");
  await fillNews(page, item);
  await page.getByRole("button", { name: "Add News", exact: true }).click();

  // While the server is busy the item already shows, not yet editable.
  const entry = manageEntry(page, item.title);
  await expect(entry).toBeVisible();
  await expect(entry.getByRole("button", { name: `Edit ${item.title}` })).toBeDisabled();
  release();

  await expectToast(page, ...ADD_FAILED);
  await expect(entry).toHaveCount(0);
  // What the user typed is still there to try again.
  await expect(titleField(page)).toHaveValue(item.title);

  await page.goto("/news");
  await expect(page.getByTestId("news-card").first()).toBeVisible();
  await expect(page.getByText(item.title)).toHaveCount(0);
});

test("a failed update is told and the list shows the server's title again", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(500));
  const item = newsItem("Unchanged headline");
  await addNews(page, item);

  await injectFault(page, "news-update");
  const release = await holdAdminWrites(page);
  await manageEntry(page, item.title)
    .getByRole("button", { name: `Edit ${item.title}` })
    .click();
  const attempted = `${item.title} (edit that fails)`;
  await titleField(page).fill(attempted);
  await page.getByRole("button", { name: "Update News" }).click();
  await expect(manageEntry(page, attempted)).toBeVisible();
  release();

  await expectToast(page, ...UPDATE_FAILED);
  await expect(manageEntry(page, item.title)).toBeVisible();
  await expect(manageEntry(page, attempted)).toHaveCount(0);

  await page.goto("/news");
  await expect(page.getByTestId("news-card").filter({ hasText: item.title })).toHaveCount(1);
  await expect(page.getByText(attempted)).toHaveCount(0);
});

test("a failed delete is told and the item comes back", async ({ page, allowConsoleMessage }) => {
  allowConsoleMessage(statusMessage(500));
  const item = newsItem("Undeletable news");
  await addNews(page, item);

  await injectFault(page, "news-delete");
  const release = await holdAdminWrites(page);
  await manageEntry(page, item.title)
    .getByRole("button", { name: `Delete ${item.title}` })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  // Gone at once...
  await expect(manageEntry(page, item.title)).toHaveCount(0);
  release();

  // ...and back, in its place (newest first), when the server refuses.
  await expectToast(page, ...DELETE_FAILED);
  await expect(manageEntry(page, item.title)).toBeVisible();
  expect(await textOf(manageList(page).getByRole("listitem").first().locator("p").first())).toBe(
    item.title,
  );

  await page.goto("/news");
  await expect(page.getByTestId("news-card").first().getByRole("heading")).toHaveText(item.title);
});

test("an update of an item deleted meanwhile names the operation and gives the server's reason", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(404));
  const item = newsItem("Deleted elsewhere");
  await addNews(page, item);
  await manageEntry(page, item.title)
    .getByRole("button", { name: `Edit ${item.title}` })
    .click();
  // Another member of staff deletes it through the API while this form is open.
  const list = (await (await page.request.get("/api/v1/news?limit=100")).json()) as {
    data: { id: string; title: string }[];
  };
  const id = list.data.find((entry) => entry.title === item.title)?.id;
  expect((await page.request.delete(`/api/v1/news/${id}`)).status()).toBe(200);

  await titleField(page).fill(`${item.title} (too late)`);
  await page.getByRole("button", { name: "Update News" }).click();
  await expectToast(page, "Failed to update news", "This news item no longer exists.");
  await expect(manageEntry(page, item.title)).toHaveCount(0);
});

test("a save or Cancel returns the whole form to add mode with its defaults, State included", async ({
  page,
}) => {
  const state = page.getByLabel("State", { exact: true });
  const publishAt = page.getByLabel("Publish at");
  const chosen = state.locator("option:checked");
  await expect(state).toHaveValue("published");

  // A draft is saved: the next item starts as Published again, not as a blank State.
  const draft = newsItem("Draft to publish later");
  await fillNews(page, draft);
  await state.selectOption("draft");
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "News item added successfully!");
  await expect(manageEntry(page, draft.title)).toContainText("Draft");
  await expect(state).toHaveValue("published");
  await expect(chosen).toHaveText("Published");

  // A half-filled schedule is cancelled: State and its time go back to their defaults.
  await titleField(page).fill("A schedule nobody saves");
  await state.selectOption("scheduled");
  await publishAt.fill("2031-05-01T09:30:00");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(titleField(page)).toHaveValue("");
  await expect(state).toHaveValue("published");
  await expect(publishAt).toHaveCount(0);

  // Editing the draft shows its state; Cancel leaves edit mode with the add form's defaults.
  await manageEntry(page, draft.title)
    .getByRole("button", { name: `Edit ${draft.title}` })
    .click();
  await expect(formHeading(page)).toHaveText("Edit News");
  await expect(state).toHaveValue("draft");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(formHeading(page)).toHaveText("Add News");
  await expect(state).toHaveValue("published");
  await expect(chosen).toHaveText("Published");

  // Saving the draft as it is keeps it a draft and returns to the add form's defaults too.
  await manageEntry(page, draft.title)
    .getByRole("button", { name: `Edit ${draft.title}` })
    .click();
  await expect(state).toHaveValue("draft");
  await page.getByRole("button", { name: "Update News" }).click();
  await expectToast(page, "News item updated successfully!");
  await expect(formHeading(page)).toHaveText("Add News");
  await expect(state).toHaveValue("published");
  await expect(manageEntry(page, draft.title)).toContainText("Draft");

  // The next item, saved with the form as it now is, is what the form showed: Published.
  const next = newsItem("Straight to print");
  await addNews(page, next);
  await expect(manageEntry(page, next.title)).toContainText("Published");
  await expect(manageEntry(page, draft.title)).toContainText("Draft");
});

test("Manage News lists items as /news does: newest publication first, not creation order", async ({
  page,
}) => {
  // Written first as a draft, published after the second item: its publication is the newest.
  const first = newsItem("Written first");
  const second = newsItem("Written second");
  await fillNews(page, first);
  await page.getByLabel("State", { exact: true }).selectOption("draft");
  await page.getByRole("button", { name: "Add News", exact: true }).click();
  await expectToast(page, "News item added successfully!");
  await addNews(page, second);
  await manageEntry(page, first.title)
    .getByRole("button", { name: `Edit ${first.title}` })
    .click();
  await page.getByLabel("State", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Update News" }).click();
  await expectToast(page, "News item updated successfully!");
  await expect(manageEntry(page, first.title)).toContainText("Published");

  const order = async (titles: Locator) => {
    const texts = await titles.allTextContents();
    return [first.title, second.title].map((title) => texts.indexOf(title));
  };
  const admin = await order(manageList(page).getByRole("listitem").locator("p:first-child"));
  expect(admin[0]).toBeGreaterThanOrEqual(0);
  expect(admin[0]).toBeLessThan(admin[1]!);
  // After a reload too: the order is the server's, not only the screen's.
  await reloadHydrated(page);
  await page.getByRole("tab", { name: "News Management" }).click();
  const reloaded = await order(manageList(page).getByRole("listitem").locator("p:first-child"));
  expect(reloaded[0]).toBeLessThan(reloaded[1]!);

  await gotoHydrated(page, "/news");
  const cards = await order(page.getByTestId("news-card").getByRole("heading"));
  expect(cards[0]).toBeGreaterThanOrEqual(0);
  expect(cards[0]).toBeLessThan(cards[1]!);
});
