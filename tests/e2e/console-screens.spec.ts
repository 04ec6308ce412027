import type { Locator, Page } from "@playwright/test";
import { gotoHydrated } from "../support/browser";
import { SCREENSHOTS_ONLY, screenshot } from "../support/screenshots";
import { roleEmail } from "../support/users";
import { expect, test } from "./fixtures";

// Screenshots of every console tab, light and dark, for a person to look at (console.spec.ts
// checks the console). Only `npm run screenshots` runs them; they go to test-results/screenshots:
//   SCREENSHOTS=1 E2E_PORT=4441 npx playwright test console-screens

test.use({ role: "owner" });

const TABS = ["Overview", "Team", "Database", "Performance", "API Testing", "Actions"] as const;

async function openConsole(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: `Account menu for ${roleEmail("owner")}` }).click();
  await page.getByRole("menuitem", { name: "Dev Console" }).click();
  const dialog = page.getByRole("dialog", { name: /Developer Console/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Selects a tab and waits until its data is on screen. */
async function showTab(page: Page, dialog: Locator, tab: (typeof TABS)[number]) {
  await dialog.getByRole("tab", { name: tab, exact: true }).click();
  const panel = dialog.getByRole("tabpanel", { name: tab, exact: true });
  switch (tab) {
    case "Overview":
      await expect(panel.getByTestId("health")).toBeVisible();
      await expect(panel.getByRole("button", { name: "Edit" })).toBeVisible();
      break;
    case "Team":
      await expect(panel.getByTestId("team")).toBeVisible();
      break;
    case "Database":
      await expect(panel.getByTestId("db-tiles").locator("li")).toHaveCount(11);
      break;
    case "Performance":
      await expect(panel.getByTestId("performance")).toBeVisible();
      break;
    case "API Testing":
      await panel.getByRole("button", { name: "Games", exact: true }).click();
      await expect(panel.getByTestId("api-status")).toHaveText("200");
      break;
    case "Actions":
      await panel.getByLabel("Database Query").fill("select username, created_at from profiles");
      await panel.getByRole("button", { name: "Run Query" }).click();
      await expect(panel.getByTestId("query-result")).toBeVisible();
      break;
  }
  // Toasts fade; take the picture once none is moving.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
}

for (const scheme of ["light", "dark"] as const) {
  test(`every console tab, ${scheme}, desktop`, { tag: SCREENSHOTS_ONLY }, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.emulateMedia({ colorScheme: scheme });
    await gotoHydrated(page, "/");
    const dialog = await openConsole(page);
    for (const tab of TABS) {
      await showTab(page, dialog, tab);
      const name = `console-${tab.toLowerCase().replace(" ", "-")}-${scheme}.png`;
      await screenshot(page, name, { review: true });
    }
  });

  test(`the console's Overview, ${scheme}, mobile`, { tag: SCREENSHOTS_ONLY }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: scheme });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("button", { name: "Dev Console" }).click();
    const dialog = page.getByRole("dialog", { name: /Developer Console/ });
    await expect(dialog).toBeVisible();
    await showTab(page, dialog, "Overview");
    await screenshot(page, `console-overview-${scheme}-mobile.png`, { review: true });
  });
}
