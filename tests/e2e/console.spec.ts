import type { APIRequestContext, BrowserContext, Locator, Page, TestInfo } from "@playwright/test";
import { CONSOLE_TABLES } from "../../app/console/api-tables";
import type { Role } from "../../app/roles/permissions";
import { axeViolations } from "../support/axe";
import { gotoHydrated, reloadHydrated } from "../support/browser";
import { accountMenu as menuFor, registerAccount } from "../support/browser-accounts";
import { expectToast, recordToastTitles } from "../support/toasts";
import { roleEmail, uniqueEmail } from "../support/users";
import {
  clientAddressFor,
  cspViolations,
  DEMO_URL,
  expect,
  type SignedInAs,
  statusMessage,
  test,
  textOf,
  watchCspViolations,
} from "./fixtures";

// The developer console (docs/product.md#developer-console): a lazily loaded dialog for developers
// and owners, driven through the real UI against the demo server.

const TABS = ["Overview", "Team", "Database", "Performance", "API Testing", "Actions"];
const CONSOLE_CHUNK = /\/assets\/dev-console-[\w-]+\.js$/;
const RELATIVE_TIME = /^(Just now|\d+ (minute|hour|day)s? ago)$/;

/** Every request URL the page makes from now on. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

function accountMenu(page: Page, role: Role) {
  return menuFor(page, roleEmail(role));
}

/** Opens the console the way a user does: account menu, then 'Dev Console'. */
async function openConsole(page: Page, role: Role): Promise<Locator> {
  await accountMenu(page, role).click();
  await page.getByRole("menuitem", { name: "Dev Console" }).click();
  const dialog = page.getByRole("dialog", { name: /Developer Console/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens the console from Home, in a page signed in as the role (`signedInAs`). */
async function openConsoleFromHome(page: Page, role: Role): Promise<Locator> {
  await gotoHydrated(page, "/");
  return openConsole(page, role);
}

/** Selects a console tab and returns its panel. */
async function openTab(dialog: Locator, name: string): Promise<Locator> {
  const tab = dialog.getByRole("tab", { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
  const panel = dialog.getByRole("tabpanel", { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** A card of a panel, found by its heading. */
function card(panel: Locator, title: string): Locator {
  return panel
    .locator(".card")
    .filter({ has: panel.page().getByRole("heading", { name: title, exact: true }) });
}

/** The value shown next to a <dt> label in a definition list. */
function definition(list: Locator, label: string): Locator {
  return list
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

/** The Database Monitor's tiles as table name → count. */
async function tileCounts(panel: Locator): Promise<Map<string, number>> {
  const tiles = panel.getByTestId("db-tiles").locator("li");
  await expect(tiles.first()).toBeVisible();
  const counts = new Map<string, number>();
  for (const tile of await tiles.all()) {
    const [name, count] = await tile.locator("p").allTextContents();
    counts.set(name!.trim(), Number(count));
  }
  return counts;
}

function tileCount(panel: Locator, table: string): Locator {
  return panel
    .getByTestId("db-tiles")
    .locator("li")
    .filter({ has: panel.page().getByText(table, { exact: true }) })
    .locator("p")
    .nth(1);
}

/** A request context signed in as another role, coming from its own client address. */
async function signedInRequest(
  newContext: (options?: object) => Promise<BrowserContext>,
  signedInAs: SignedInAs,
  testInfo: TestInfo,
  role: Role,
): Promise<APIRequestContext> {
  const context = await newContext({
    extraHTTPHeaders: { "X-Forwarded-For": clientAddressFor(`${testInfo.testId}:${role}`) },
  });
  await signedInAs(role, context);
  return context.request;
}

/** Adds a news item through the API; multi-line so it reads like the demo articles. */
async function addNews(request: APIRequestContext, title: string) {
  const response = await request.post("/api/v1/news", {
    data: { title, content: `${title}: first paragraph.\nSecond paragraph of the article.` },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string };
}

test.describe("opening the console", () => {
  test("a developer opens it from the account menu; its code is downloaded only then", async ({
    page,
    signedInAs,
  }) => {
    const requests = recordRequests(page);
    await signedInAs("developer");
    await gotoHydrated(page, "/");
    await page.waitForLoadState("networkidle");
    expect(requests.filter((url) => CONSOLE_CHUNK.test(url))).toEqual([]);

    await accountMenu(page, "developer").click();
    const item = page.getByRole("menuitem", { name: "Dev Console" });
    await expect(item).toBeVisible();
    expect(requests.filter((url) => CONSOLE_CHUNK.test(url))).toEqual([]);

    const chunk = page.waitForResponse((response) => CONSOLE_CHUNK.test(response.url()));
    await item.click();
    expect((await chunk).status()).toBe(200);

    const dialog = page.getByRole("dialog", { name: /Developer Console/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: /^Developer Console/ })).toBeVisible();
    await expect(dialog.getByTestId("console-version")).toHaveText("v3.0");
    await expect(dialog.getByRole("tab")).toHaveText(TABS);
    await expect(dialog.getByRole("tab", { name: "Overview" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(requests.filter((url) => CONSOLE_CHUNK.test(url))).toHaveLength(1);

    // Closing and reopening reuses the downloaded code.
    await dialog.getByRole("button", { name: "Close console" }).click();
    await expect(dialog).toBeHidden();
    await openConsole(page, "developer");
    expect(requests.filter((url) => CONSOLE_CHUNK.test(url))).toHaveLength(1);
  });

  test("the owner's menu has 'Dev Console' too, and the console opens", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs("owner");
    const dialog = await openConsoleFromHome(page, "owner");
    await expect(dialog.getByTestId("console-version")).toHaveText("v3.0");
    await expect(dialog.getByRole("tab")).toHaveText(TABS);
  });

  const PAGES = ["/", "/news", "/games", "/profile"];
  const cases: { who: Role | "signed out"; pages: string[]; menu: string[] | null }[] = [
    { who: "signed out", pages: ["/", "/news", "/games", "/contact"], menu: null },
    { who: "guest", pages: PAGES, menu: ["My Profile", "Sign Out"] },
    {
      who: "moderator",
      pages: [...PAGES, "/admin/messages"],
      menu: ["My Profile", "Admin Panel", "Sign Out"],
    },
    {
      who: "admin",
      pages: [...PAGES, "/admin/messages"],
      menu: ["My Profile", "Admin Panel", "Sign Out"],
    },
  ];
  for (const { who, pages, menu } of cases) {
    test(`a ${who} visitor never downloads the console and has no 'Dev Console' entry`, async ({
      page,
      signedInAs,
    }) => {
      const requests = recordRequests(page);
      if (who !== "signed out") await signedInAs(who);
      for (const path of pages) {
        const response = await gotoHydrated(page, path);
        expect(response?.status(), path).toBe(200);
        await expect(page).toHaveURL((url) => url.pathname === path);
        await page.waitForLoadState("networkidle");
        await expect(page.getByText("Dev Console")).toHaveCount(0);
        if (menu && who !== "signed out") {
          await accountMenu(page, who).click();
          const items = page.getByRole("menuitem");
          await expect(items).toHaveText(menu);
          await page.keyboard.press("Escape");
          await expect(items).toHaveCount(0);
        } else {
          await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
        }
      }
      expect(requests.filter((url) => /dev-console/.test(url))).toEqual([]);
      // Nor does the mobile menu, opened on a phone's width.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: "Open menu" }).click();
      const mobile = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobile.getByRole("link", { name: "Games", exact: true })).toBeVisible();
      await expect(mobile.getByText("Dev Console")).toHaveCount(0);
    });
  }
});

test.describe("public pages load only their own code, and nothing the CSP refuses", () => {
  // Page weight: a signed-out reader downloads neither the staff code (console,
  // admin, the account menu's dropdown) nor the validation library until a form is used.
  const FORM_PAGES = new Set(["/contact", "/auth"]);
  const PUBLIC_PAGES = ["/", "/news", "/games", "/contact", "/auth"];

  test("a signed-out visitor's public pages", async ({ page, newContext }) => {
    // Six pages, each in a fresh context and waited on until the network is idle.
    test.slow();
    const list = await page.request.get("/news").then((r) => r.text());
    const articlePath = list.match(/href="(\/news\/[\w-]+)"/)?.[1];
    expect(articlePath).toBeTruthy();
    const bodies = new Map<string, string>();
    for (const path of [...PUBLIC_PAGES, articlePath as string]) {
      // A fresh context per page: nothing is served from another page's cache unseen.
      const context = await newContext();
      await watchCspViolations(context);
      const reader = await context.newPage();
      const scripts: string[] = [];
      reader.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await gotoHydrated(reader, path);
      await reader.waitForLoadState("networkidle");
      for (const script of scripts) {
        if (!bodies.has(script)) bodies.set(script, await (await page.request.get(script)).text());
      }
      const containing = (text: string) => scripts.filter((s) => bodies.get(s)?.includes(text));
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(
        scripts.filter((s) => /\/(dev-console|admin|account-dropdown)-/.test(s)),
        path,
      ).toEqual([]);
      // Radix's dropdown names its parts; zod's schemas carry a `_zod` property through minifying.
      expect(containing("DropdownMenu"), path).toEqual([]);
      // Not even the pages with a form: zod and the form library's binding load with the form's
      // first use.
      expect(containing("._zod"), path).toEqual([]);
      // Nor the form library (its submissions name an `__intent__`): the contact and subscribe
      // forms render without it and load it with their checks (/auth's sign-in forms keep it).
      if (path !== "/auth") expect(containing("__intent__"), path).toEqual([]);
      if (FORM_PAGES.has(path)) {
        const form = reader
          .locator("form")
          .filter({ has: reader.locator("input") })
          .first();
        await form.locator("input:not([type=hidden])").first().focus();
        await reader.waitForLoadState("networkidle");
        for (const script of scripts) {
          if (!bodies.has(script))
            bodies.set(script, await (await page.request.get(script)).text());
        }
        expect(containing("._zod").length, `${path} after focusing its form`).toBeGreaterThan(0);
      }
      const violations = await cspViolations(reader);
      expect(violations, `${path}: CSP violations`).toEqual([]);
    }
  });

  test("a signed-in reader's account menu arrives after hydration and opens", async ({
    page,
    signedInAs,
  }) => {
    const requests = recordRequests(page);
    await signedInAs("guest");
    await gotoHydrated(page, "/");
    await accountMenu(page, "guest").click();
    await expect(page.getByRole("menuitem")).toHaveText(["My Profile", "Sign Out"]);
    expect(
      requests.filter((url) => /\/assets\/account-dropdown-[\w-]+\.js$/.test(url)),
    ).toHaveLength(1);
  });
});

test("My Current Work: set, shown on the Team tab, then cleared", async ({ page, signedInAs }) => {
  await signedInAs("developer");
  const dialog = await openConsoleFromHome(page, "developer");
  try {
    const overview = dialog.getByRole("tabpanel", { name: "Overview" });
    const work = card(overview, "My Current Work");
    await expect(work.getByText("No current task set", { exact: true })).toBeVisible();
    await expect(
      work.getByText("Click Edit to add what you're working on", { exact: true }),
    ).toBeVisible();

    // Edit, then Cancel, changes nothing.
    await work.getByRole("button", { name: "Edit" }).click();
    await work.getByRole("textbox", { name: "Current task" }).fill("Not this one");
    await work.getByRole("button", { name: "Cancel" }).click();
    await expect(work.getByRole("textbox")).toHaveCount(0);
    await expect(work.getByText("No current task set", { exact: true })).toBeVisible();

    // Edit, type with surrounding spaces, Save: saved trimmed, 'Just now', status 'active'.
    await work.getByRole("button", { name: "Edit" }).click();
    const box = work.getByRole("textbox", { name: "Current task" });
    await expect(box).toHaveValue("");
    await box.fill("  Polishing the boss fight  ");
    await work.getByRole("button", { name: "Save" }).click();
    await expectToast(
      page,
      "Work status updated",
      "Your current task has been saved successfully.",
    );
    await expect(work.getByRole("textbox")).toHaveCount(0);
    await expect(work.getByTestId("current-task")).toHaveText("Polishing the boss fight");
    expect(await work.getByTestId("current-task").evaluate((p) => p.textContent)).toBe(
      "Polishing the boss fight",
    );
    await expect(work.getByText("Updated Just now")).toBeVisible();
    await expect(work.getByText("active", { exact: true })).toBeVisible();

    // The Team tab lists the developer with the task and the owner without one.
    const team = await openTab(dialog, "Team");
    const members = team.getByTestId("team").locator("li");
    const developer = members.filter({ hasText: roleEmail("developer") });
    await expect(developer).toHaveCount(1);
    await expect(developer.getByText("developer", { exact: true })).toBeVisible();
    await expect(developer.getByText("Active", { exact: true })).toBeVisible();
    await expect(developer.getByText("Polishing the boss fight", { exact: true })).toBeVisible();
    await expect(
      developer.getByText("Can manage games, news, and messages", { exact: true }),
    ).toBeVisible();
    await expect(developer.getByText("Just now", { exact: true })).toBeVisible();

    const owner = members.filter({ hasText: roleEmail("owner") });
    await expect(owner).toHaveCount(1);
    await expect(owner.getByText("owner", { exact: true })).toBeVisible();
    await expect(owner.getByText("Active", { exact: true })).toBeVisible();
    await expect(owner.getByText("No current task assigned", { exact: true })).toBeVisible();
    await expect(
      owner.getByText("Has full system access and control", { exact: true }),
    ).toBeVisible();
    // Relative times use the spec's buckets only; a member with no work saved shows none.
    await expect(members).not.toContainText(["Never"]);
    expect(await owner.textContent()).not.toMatch(/Never/);
    // Only developers and owners are listed.
    for (const role of ["guest", "moderator", "admin"] as const) {
      await expect(members.filter({ hasText: roleEmail(role) })).toHaveCount(0);
    }

    // The saved task survives reopening the console and a reload.
    await reloadHydrated(page);
    const reopened = await openConsole(page, "developer");
    const again = card(reopened.getByRole("tabpanel", { name: "Overview" }), "My Current Work");
    await expect(again.getByTestId("current-task")).toHaveText("Polishing the boss fight");

    // Edit, clear, Save: back to the empty state.
    await again.getByRole("button", { name: "Edit" }).click();
    const editBox = again.getByRole("textbox", { name: "Current task" });
    await expect(editBox).toHaveValue("Polishing the boss fight");
    await editBox.fill("   ");
    await again.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Work status updated");
    await expect(again.getByText("No current task set", { exact: true })).toBeVisible();
    await expect(again.getByTestId("current-task")).toHaveCount(0);

    const teamAfter = await openTab(reopened, "Team");
    await expect(
      teamAfter
        .getByTestId("team")
        .locator("li")
        .filter({ hasText: roleEmail("developer") })
        .getByText("No current task assigned", { exact: true }),
    ).toBeVisible();
  } finally {
    // A retry starts from the empty state again.
    await page.request.put("/api/v1/developer_work/me", { data: { current_task: null } });
  }
});

test("System Health shows healthy database and auth, users, response time and last activity", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("developer");
  const dialog = await openConsoleFromHome(page, "developer");
  const health = card(dialog.getByRole("tabpanel", { name: "Overview" }), "System Health");
  const list = health.getByTestId("health");
  await expect(list).toBeVisible();
  await expect(definition(list, "Database")).toHaveText("healthy");
  await expect(definition(list, "Auth")).toHaveText("healthy");
  expect(Number(await textOf(definition(list, "Users")))).toBeGreaterThanOrEqual(5);
  await expect(definition(list, "Response time")).toHaveText(/^\d+ ms$/);
  // Signing in just now is the latest activity.
  await expect(definition(list, "Last activity")).toHaveText(RELATIVE_TIME);
});

test("Database Monitor: a tile per table with its count; Refresh shows a new news item", async ({
  page,
  newContext,
  signedInAs,
}, testInfo) => {
  await signedInAs("developer");
  const dialog = await openConsoleFromHome(page, "developer");
  const panel = await openTab(dialog, "Database");
  await expect(panel.getByRole("heading", { name: "Database Monitor" })).toBeVisible();
  const counts = await tileCounts(panel);
  expect([...counts.keys()]).toEqual([
    "news",
    "games",
    "contact_messages",
    "users",
    "sessions",
    "profiles",
    "user_roles",
    "user_preferences",
    "user_activity",
    "developer_work",
    "staff_audit_log",
  ]);
  for (const [table, count] of counts) {
    expect(Number.isInteger(count) && count >= 0, table).toBe(true);
  }
  expect(counts.get("news")).toBeGreaterThanOrEqual(5);
  expect(counts.get("games")).toBeGreaterThanOrEqual(4);
  expect(counts.get("users")).toBeGreaterThanOrEqual(5);
  // The guest has no role row: no assigned role means guest
  // (docs/product.md#roles-and-permissions).
  expect(counts.get("user_roles")).toBeGreaterThanOrEqual(4);

  // An admin adds a news item elsewhere; the tile shows it only after Refresh.
  const before = counts.get("news")!;
  const admin = await signedInRequest(newContext, signedInAs, testInfo, "admin");
  await addNews(admin, `Database monitor check ${testInfo.testId}`);
  await expect(tileCount(panel, "news")).toHaveText(String(before));
  const refetched = page.waitForResponse(
    (r) => r.url().endsWith("/api/v1/stats") && r.status() === 200,
  );
  await panel.getByRole("button", { name: "Refresh" }).click();
  await refetched;
  await expect
    .poll(async () => Number(await textOf(tileCount(panel, "news"))))
    .toBeGreaterThan(before);
});

test("Performance Monitor: load time, memory bar, connection, render time and DOM nodes with tiers", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("developer");
  const dialog = await openConsoleFromHome(page, "developer");
  const panel = await openTab(dialog, "Performance");
  await expect(panel.getByRole("heading", { name: "Performance Monitor" })).toBeVisible();
  const metrics = panel.getByTestId("performance");

  const tierOf = (label: string) =>
    metrics
      .locator("dt")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]/span");
  const shownValue = async (label: string) =>
    (await definition(metrics, label).evaluate((dd) => dd.firstChild?.textContent ?? "")).trim();

  // Load time: '<n> ms', Good up to 1000 ms, Fair up to 3000 ms, else Poor
  // (docs/product.md#performance-tiers).
  const load = await shownValue("Load time");
  expect(load).toMatch(/^\d+ ms$/);
  const loadMs = Number.parseInt(load, 10);
  await expect(tierOf("Load time")).toHaveText(
    loadMs <= 1000 ? "Good" : loadMs <= 3000 ? "Fair" : "Poor",
  );

  // Memory: the heap in use against the heap limit, a percentage with its bar, Good up to 50 %,
  // Fair up to 80 %, else Poor. Chromium's heap is small next to its limit: the share is shown
  // with a decimal rather than rounded to a 0 % that says nothing.
  const memory = await shownValue("Memory usage");
  expect(memory).toMatch(/^\d+(\.\d)?%$/);
  const percent = Number.parseFloat(memory);
  expect(percent).toBeGreaterThan(0);
  await expect(tierOf("Memory usage")).toHaveText(
    percent <= 50 ? "Good" : percent <= 80 ? "Fair" : "Poor",
  );
  const heap = await page.evaluate(() => {
    const m = (
      performance as unknown as { memory: { usedJSHeapSize: number; jsHeapSizeLimit: number } }
    ).memory;
    return { used: m.usedJSHeapSize, limit: m.jsHeapSizeLimit };
  });
  expect(percent).toBeCloseTo((heap.used / heap.limit) * 100, 0);
  await expect(metrics.getByTestId("memory-detail")).toHaveText(/^\d+ MB of [\d,]+ MB$/);
  const bar = metrics.getByRole("progressbar", { name: "Memory usage" });
  await expect(bar).toHaveAttribute("aria-valuenow", String(percent));
  const fill = await bar.locator("div").evaluate((el) => el.getBoundingClientRect().width);
  expect(fill).toBeGreaterThan(0);

  // Connection: 4g Fast, 3g Medium, 2g or slow-2g Slow, else Unknown.
  const connection = await shownValue("Connection type");
  const expectedTier =
    { "4g": "Fast", "3g": "Medium", "2g": "Slow", "slow-2g": "Slow" }[connection] ?? "Unknown";
  await expect(tierOf("Connection type")).toHaveText(expectedTier);
  const browserConnection = await page.evaluate(
    () =>
      (navigator as unknown as { connection?: { effectiveType?: string } }).connection
        ?.effectiveType ?? "Unknown",
  );
  expect(connection).toBe(browserConnection);

  const renderTime = await shownValue("Render time");
  expect(renderTime).toMatch(/^\d+ ms$/);
  const nodes = Number(await shownValue("DOM nodes"));
  expect(nodes).toBeGreaterThan(100);

  // The render time is the console's own, measured once: time spent elsewhere does not add to it.
  const database = await openTab(dialog, "Database");
  await expect(database.getByTestId("db-tiles").locator("li")).toHaveCount(11);
  await openTab(dialog, "Performance");
  expect(await shownValue("Render time")).toBe(renderTime);
});

test.describe("API Testing", () => {
  test("an API key made in the profile is shown once, calls the API (also from the tester), and is refused once revoked", async ({
    page,
    playwright,
    allowConsoleMessage,
    signedInAs,
  }) => {
    allowConsoleMessage(statusMessage(401));
    await signedInAs("developer");
    await gotoHydrated(page, "/profile");
    const name = `Tester key ${Date.now().toString(36)}`;
    await page.getByLabel("Name for a new key").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-api-key");
    await expect(shown).toContainText("it is shown only this once");
    const key = (await shown.locator("code").first().textContent())?.trim() ?? "";
    expect(key).toMatch(/^studio_\w+/);
    const row = page.getByTestId("api-keys").locator("li").filter({ hasText: name });
    await expect(row).toContainText("never used");
    // The name field is ready for the next key.
    await expect(page.getByLabel("Name for a new key")).toHaveValue("");
    expect(await axeViolations(page)).toEqual([]);

    // A script with the key and no cookie reads what a developer may read.
    const script = await playwright.request.newContext({ baseURL: DEMO_URL });
    const asScript = () =>
      script.get("/api/v1/profiles?limit=1", { headers: { "x-api-key": key } });
    expect((await asScript()).status()).toBe(200);

    // Once the page is left, the key is not shown again.
    await reloadHydrated(page);
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    await expect(page.getByText(key)).toHaveCount(0);
    await expect(row).toContainText("last used");

    // The console's tester calls with the key instead of the session.
    const dialog = await openConsole(page, "developer");
    const panel = await openTab(dialog, "API Testing");
    await panel.getByLabel("Call as").selectOption("api-key");
    await panel.getByLabel("API key").fill(key);
    await panel.getByRole("button", { name: "Profiles", exact: true }).click();
    await expect(panel.getByTestId("api-status")).toHaveText("200");
    await panel.getByLabel("API key").fill(`${key}x`);
    await panel.getByRole("button", { name: "Profiles", exact: true }).click();
    await expect(panel.getByTestId("api-status")).toHaveText("401");
    await page.keyboard.press("Escape");

    // Revoked: the next call is refused.
    await gotoHydrated(page, "/profile");
    page.once("dialog", (confirm) => void confirm.accept());
    await row.getByRole("button", { name: `Revoke ${name}` }).click();
    await expectToast(page, "API key revoked");
    await expect(row).toHaveCount(0);
    const refused = await asScript();
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.message).toBe("The API key is not valid.");
    await script.dispose();
  });

  test("the four predefined tests answer 200 with a result and a success toast", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs("developer");
    const dialog = await openConsoleFromHome(page, "developer");
    const panel = await openTab(dialog, "API Testing");
    const result = panel.getByTestId("api-result");
    await expect(result).toHaveCount(0);
    for (const name of ["News", "Games", "Profiles", "Health"]) {
      await panel.getByRole("button", { name, exact: true }).click();
      await expect(result).toContainText(`${name}: 200 ·`);
      await expect(result.getByTestId("api-status")).toHaveText("200");
      await expectToast(page, "API Test Successful", new RegExp(`^${name}: 200 in \\d+ ms$`));
      const body = JSON.parse(await textOf(result.getByTestId("api-body")));
      if (name === "Health") {
        expect(body).toMatchObject({ database: "healthy", auth: "healthy" });
      } else {
        // The predefined tests sample 5 rows (docs/product.md#api-testing-tab).
        expect(body.limit).toBe(5);
        expect(body.data.length).toBeGreaterThan(0);
        expect(body.data.length).toBeLessThanOrEqual(5);
      }
    }
  });

  test("custom tests: table name required, GET samples 10 rows, real API errors, Copy", async ({
    page,
    context,
    allowConsoleMessage,
    signedInAs,
  }, testInfo) => {
    allowConsoleMessage(statusMessage(400));
    allowConsoleMessage(statusMessage(404));
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signedInAs("developer");
    const dialog = await openConsoleFromHome(page, "developer");

    // More than 10 news items, so the 10-row sample is visible.
    const existing = await page.request.get("/api/v1/news?limit=100");
    const have = ((await existing.json()) as { data: unknown[] }).data.length;
    for (let i = have; i < 11; i++)
      await addNews(page.request, `API tester sample ${i} ${testInfo.testId}`);

    const panel = await openTab(dialog, "API Testing");
    const run = panel.getByRole("button", { name: "Run custom test" });
    const table = panel.getByLabel("Table name");
    const method = panel.getByLabel("Method");
    await expect(method.locator("option")).toHaveText(["GET", "POST", "PUT", "DELETE"]);
    await expect(method).toHaveValue("GET");
    await expect(run).toBeDisabled();
    await table.fill("   ");
    await expect(run).toBeDisabled();

    const result = panel.getByTestId("api-result");
    await table.fill("news");
    await expect(run).toBeEnabled();
    await run.click();
    await expect(result).toContainText("GET news: 200 ·");
    await expectToast(page, "API Test Successful", /^GET news: 200 in \d+ ms$/);
    const sample = JSON.parse(await textOf(result.getByTestId("api-body")));
    expect(sample.limit).toBe(10);
    expect(sample.data).toHaveLength(10);

    // Copy puts the shown body on the clipboard.
    await result.getByRole("button", { name: "Copy" }).click();
    await expectToast(page, "Copied");
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toBe(await result.getByTestId("api-body").textContent());

    // POST with the empty body gets the API's own validation answer.
    await method.selectOption("POST");
    await run.click();
    await expect(result).toContainText("POST news: 400 ·");
    await expectToast(page, "API Test Failed", "POST news: 400 Please fill in all fields");
    const refusal = JSON.parse(await textOf(result.getByTestId("api-body")));
    expect(refusal.error).toMatchObject({ code: "validation_failed" });

    // An unknown table is a 404.
    await method.selectOption("GET");
    await table.fill("nonexistent");
    await run.click();
    await expect(result).toContainText("GET nonexistent: 404 ·");
    await expect(result.getByTestId("api-status")).toHaveText("404");
    await expectToast(page, "API Test Failed", /^GET nonexistent: 404 /);
    const missing = JSON.parse(await textOf(result.getByTestId("api-body")));
    expect(missing.error.code).toBe("not_found");
  });
});

test.describe("API Testing: the spec's table names and refusals", () => {
  // The list itself is pinned to the spec's names in app/console/console.test.ts.
  const TABLES = CONSOLE_TABLES;

  test("the custom test reads every table the spec names", async ({ page, signedInAs }) => {
    // Eight tables, each run and its toast awaited: about 25 s on a busy machine.
    test.slow();
    await signedInAs("developer");
    const dialog = await openConsoleFromHome(page, "developer");
    const panel = await openTab(dialog, "API Testing");
    const result = panel.getByTestId("api-result");
    for (const table of TABLES) {
      await panel.getByLabel("Table name").fill(table);
      await panel.getByRole("button", { name: "Run custom test" }).click();
      await expect(result).toContainText(`GET ${table}: 200 ·`);
      await expectToast(page, "API Test Successful", new RegExp(`^GET ${table}: 200 in \\d+ ms$`));
      const body = JSON.parse(await textOf(result.getByTestId("api-body")));
      expect(body.limit, table).toBe(10);
      expect(Array.isArray(body.data), table).toBe(true);
      expect(body.data.length, table).toBeLessThanOrEqual(10);
    }
    // Signing in is the developer's own activity; their preferences are theirs alone.
    await panel.getByLabel("Table name").fill("user_activity");
    await panel.getByRole("button", { name: "Run custom test" }).click();
    await expect(result).toContainText("GET user_activity: 200 ·");
    const activity = JSON.parse(await textOf(result.getByTestId("api-body")));
    expect(activity.data.length).toBeGreaterThan(0);
    expect(activity.data[0]).toMatchObject({ activityType: "login" });
  });

  test("a refusal is told in words, naming the path it called", async ({
    page,
    newContext,
    allowConsoleMessage,
    signedInAs,
  }, testInfo) => {
    // Three accounts at work: a new developer (registered through the mail outbox) and the owner.
    test.slow();
    allowConsoleMessage(statusMessage(403));
    // A developer of its own, so that lowering its role touches no other test.
    const email = uniqueEmail("console-refusal");
    await registerAccount(page, email);
    const owner = await signedInRequest(newContext, signedInAs, testInfo, "owner");
    const assign = (role: Role) =>
      owner.post("/role-management", {
        form: { intent: "assign", email, role },
        headers: { Origin: DEMO_URL },
        maxRedirects: 0,
      });
    expect((await assign("developer")).status()).toBe(302);
    await gotoHydrated(page, "/");
    await menuFor(page, email).click();
    await page.getByRole("menuitem", { name: "Dev Console" }).click();
    const dialog = page.getByRole("dialog", { name: /Developer Console/ });
    const panel = await openTab(dialog, "API Testing");

    // The owner lowers the role while the console is open.
    expect((await assign("guest")).status()).toBe(302);
    await panel.getByLabel("Table name").fill("contact_messages");
    await panel.getByRole("button", { name: "Run custom test" }).click();
    const result = panel.getByTestId("api-result");
    await expect(result.getByTestId("api-status")).toHaveText("403");
    await expectToast(
      page,
      "API Test Failed",
      "Your role may not read /api/v1/messages (contact_messages).",
    );
  });
});

test.describe("System Health: only an error is a failure", () => {
  const answer = (database: string, auth: string) => ({
    database,
    auth,
    userCount: 5,
    responseTimeMs: 420,
    lastActivity: new Date().toISOString(),
    checkedAt: new Date().toISOString(),
  });

  // Which answers are a failure is the rule's unit test (app/console/console.test.ts, every pair);
  // here, that the card shows each state and raises its toast by that rule, both ways.
  for (const [database, auth, failed] of [
    ["warning", "warning", false],
    ["healthy", "error", true],
  ] as const) {
    test(`database ${database}, auth ${auth}: ${failed ? "'Health Check Failed'" : "no failure toast"}`, async ({
      page,
      signedInAs,
    }) => {
      // A slow database (warning) cannot be produced on demand: the health answer is replaced.
      await page.route("**/api/v1/health", (route) =>
        route.fulfill({ json: answer(database, auth) }),
      );
      await signedInAs("developer");
      // The recorder lives in the page: it is set up on Home, which the console opens from.
      await gotoHydrated(page, "/");
      const toastTitles = await recordToastTitles(page);
      const dialog = await openConsole(page, "developer");
      const health = card(dialog.getByRole("tabpanel", { name: "Overview" }), "System Health");
      await expect(definition(health.getByTestId("health"), "Database")).toHaveText(database);
      await expect(definition(health.getByTestId("health"), "Auth")).toHaveText(auth);
      // The card raises its toast as it takes this answer, before the answer is shown; sonner puts
      // it on the page from a timer. A failure's toast is waited for (it came later than one timer
      // turn on a cold page); for no failure, one timer later it is there, or it never comes.
      if (failed) {
        await expect.poll(toastTitles).toContain("Health Check Failed");
      } else {
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        expect(await toastTitles()).not.toContain("Health Check Failed");
      }
    });
  }
});

test.describe("Actions", () => {
  test("a developer clears the cache (keeping the theme) and refreshes; no query box or Role Management", async ({
    page,
    signedInAs,
  }) => {
    await signedInAs("developer");
    const dialog = await openConsoleFromHome(page, "developer");
    await page.evaluate(() => {
      localStorage.setItem("ui-theme", "dark");
      localStorage.setItem("e2e-console-probe", "cached");
      sessionStorage.setItem("e2e-console-probe", "cached");
    });
    const actions = await openTab(dialog, "Actions");
    await expect(actions.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
    await expect(actions.getByRole("button", { name: "Clear Cache" })).toBeVisible();
    await expect(actions.getByRole("button", { name: "Refresh Data" })).toBeVisible();
    await expect(actions.getByLabel("Database Query")).toHaveCount(0);
    await expect(actions.getByRole("button", { name: "Run Query" })).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: "Role Management" })).toHaveCount(0);

    await actions.getByRole("button", { name: "Clear Cache" }).click();
    await expectToast(page, "Cache cleared", "All cached data has been cleared");
    const storage = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      theme: localStorage.getItem("ui-theme"),
      session: Object.keys(sessionStorage),
    }));
    expect(storage).toEqual({ local: ["ui-theme"], theme: "dark", session: [] });

    // Refresh Data re-checks the server and re-reads the account, stays on the tab it was
    // pressed on, and says it is done.
    const answered: string[] = [];
    page.on("response", (r) => {
      if (r.status() === 200) answered.push(new URL(r.url()).pathname);
    });
    await actions.getByRole("button", { name: "Refresh Data" }).click();
    await expectToast(page, "Data refreshed", "Your role and the system status are up to date.");
    expect(answered).toContain("/api/v1/health");
    await expect(dialog.getByRole("tab", { name: "Actions" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(actions.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
    // The other tabs show fresh data when opened.
    const overview = await openTab(dialog, "Overview");
    await expect(definition(overview.getByTestId("health"), "Database")).toHaveText("healthy");
    await expect(page.getByText("Failed to refresh metadata")).toHaveCount(0);
  });

  test("the owner's SQL box: the spec's refusals, a read of profiles, and no second statement", async ({
    page,
    allowConsoleMessage,
    signedInAs,
  }) => {
    test.slow();
    allowConsoleMessage(statusMessage(400));
    await signedInAs("owner");
    const dialog = await openConsoleFromHome(page, "owner");
    const actions = await openTab(dialog, "Actions");
    await expect(actions.getByRole("link", { name: "Role Management" })).toHaveAttribute(
      "href",
      "/role-management",
    );
    await expect(actions.getByRole("link", { name: "Admin Panel" })).toHaveAttribute(
      "target",
      "_blank",
    );
    const box = actions.getByLabel("Database Query");
    const run = actions.getByRole("button", { name: "Run Query" });
    const result = actions.getByTestId("query-result");

    const refusals: [string, string][] = [
      ["", "Please enter a SQL query"],
      ["delete from profiles", "Only SELECT queries are allowed for safety"],
      ["select * from news", "Query not supported. Try selecting from profiles or user_roles."],
    ];
    for (const [sql, message] of refusals) {
      await box.fill(sql);
      await run.click();
      await expectToast(page, "Query failed", message);
      await expect(result).toHaveCount(0);
    }

    await box.fill("select username from profiles");
    await run.click();
    // On PGlite the first query waits for the box's engine to start.
    await expect(result).toBeVisible({ timeout: 45_000 });
    await expect(result.getByRole("columnheader")).toHaveText(["username"]);
    const rows = await result.locator("tbody tr").count();
    expect(rows).toBeGreaterThanOrEqual(5);
    expect(rows).toBeLessThanOrEqual(10);
    await expectToast(page, "Query executed successfully", `${rows} rows`);

    const e2eProfiles =
      "select username from profiles where username like '%@e2e.test' order by username";
    const e2eUsers = ["admin", "developer", "guest", "moderator", "owner"].map((r) =>
      roleEmail(r as Role),
    );
    await box.fill(e2eProfiles);
    await run.click();
    await expect(result.locator("tbody tr")).toHaveText(e2eUsers);
    await expectToast(page, "Query executed successfully", "5 rows");

    // One row is '1 row'.
    await box.fill(`select username from profiles where username = '${roleEmail("owner")}'`);
    await run.click();
    await expect(result.locator("tbody tr")).toHaveText([roleEmail("owner")]);
    await expectToast(page, "Query executed successfully", "1 row");

    // A second, destructive statement is refused as a whole and nothing is deleted.
    await box.fill("select * from profiles; delete from profiles");
    await run.click();
    await expectToast(page, "Query failed", "Run exactly one statement at a time.");
    await expect(result).toHaveCount(0);

    await box.fill(e2eProfiles);
    await run.click();
    await expect(result.locator("tbody tr")).toHaveText(e2eUsers);
    const database = await openTab(dialog, "Database");
    expect(Number(await textOf(tileCount(database, "profiles")))).toBeGreaterThanOrEqual(5);
  });
});

test.describe("the owner's SQL box fails closed", () => {
  test.use({ role: "owner" });

  async function openQueryBox(page: Page) {
    const dialog = await openConsoleFromHome(page, "owner");
    const actions = await openTab(dialog, "Actions");
    return {
      actions,
      box: actions.getByLabel("Database Query"),
      run: actions.getByRole("button", { name: "Run Query" }),
      result: actions.getByTestId("query-result"),
      unavailable: actions.getByTestId("query-unavailable"),
    };
  }

  test("a WITH query named like a table, and WITH RECURSIVE, are refused with a reason", async ({
    page,
    allowConsoleMessage,
  }) => {
    allowConsoleMessage(statusMessage(400));
    const { box, run, result } = await openQueryBox(page);
    const refusals: [string, string][] = [
      [
        "select a.* from (with accounts as (select * from accounts) select * from accounts) a, profiles p where p.id = a.user_id",
        "A WITH query may not take the name of a table (accounts). Give it another name.",
      ],
      [
        "select * from (with recursive t(n) as (select 1 union all select n + 1 from t) select n from t) x, profiles",
        "Recursive queries (WITH RECURSIVE) are not allowed here.",
      ],
    ];
    for (const [sql, message] of refusals) {
      await box.fill(sql);
      await run.click();
      await expectToast(page, "Query failed", message);
      await expect(result).toHaveCount(0);
    }
  });

  // The server's side (no reader role: 409 and nothing run) is proven against PostgreSQL in
  // tests/integration/console-query.test.ts; here the browser is given those answers.
  test("says when it is unavailable, runs nothing, and checks again on request", async ({
    page,
    allowConsoleMessage,
  }) => {
    allowConsoleMessage(statusMessage(409));
    const reason = "the role studio_console_reader does not exist";
    await page.route("**/api/v1/query", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ json: { available: false, reason } })
        : route.fallback(),
    );
    const { box, run, unavailable } = await openQueryBox(page);
    await expect(unavailable).toBeVisible();
    await expect(unavailable).toHaveAttribute("role", "alert");
    await expect(unavailable).toContainText("The SQL box is unavailable.");
    await expect(unavailable).toContainText("The role studio_console_reader does not exist.");
    await expect(box).toBeDisabled();
    await expect(run).toBeDisabled();

    // The server's real answer, once asked again: available (on PGlite after its engine starts).
    test.slow();
    await page.unroute("**/api/v1/query");
    await unavailable.getByRole("button", { name: "Check again" }).click();
    await expect(unavailable).toHaveCount(0);
    await expect(run).toBeEnabled();
    await expect(page.getByText("Checking that the SQL box can run…")).toHaveCount(0, {
      timeout: 45_000,
    });

    // A query answered 409 (the role went away meanwhile) turns the box off in place.
    await page.route("**/api/v1/query", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 409,
            json: {
              error: {
                code: "query_unavailable",
                message: `The SQL box is unavailable: ${reason}.`,
              },
            },
          })
        : route.fallback(),
    );
    await box.fill("select username from profiles");
    await run.click();
    await expectToast(page, "Query failed", `The SQL box is unavailable: ${reason}.`);
    await expect(unavailable).toContainText("The role studio_console_reader does not exist.");
    await expect(run).toBeDisabled();
  });
});
