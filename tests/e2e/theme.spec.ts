import type { Page } from "@playwright/test";
import { gotoHydrated, reloadHydrated } from "../support/browser";
import { expect, test } from "./fixtures";

// Theme: Light, Dark or System on Home; default system, stored under 'ui-theme'
// (docs/product.md#theme).

const THEME_KEY = "ui-theme";

function themeButton(page: Page, name: "Light" | "Dark" | "System") {
  return page.getByRole("button", { name, exact: true });
}

const storedTheme = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), THEME_KEY);

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/**
 * Records <html>'s classes at the moment <body> is first inserted, before any of the body is
 * parsed or painted and before any app module could run.
 */
async function recordClassesAtFirstBody(page: Page) {
  await page.addInitScript(() => {
    const record = () => {
      (window as unknown as { __classesAtBody?: string }).__classesAtBody =
        document.documentElement.className;
    };
    const observer = new MutationObserver(() => {
      if (document.body) {
        record();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

const classesAtFirstBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { __classesAtBody?: string }).__classesAtBody);

test("Dark sets the dark class and the stored choice, and is dark from the first paint after reload", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await gotoHydrated(page, "/");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  const lightBackground = await bodyBackground(page);

  await themeButton(page, "Dark").click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(themeButton(page, "Dark")).toHaveAttribute("aria-pressed", "true");
  await expect(themeButton(page, "Light")).toHaveAttribute("aria-pressed", "false");
  expect(await storedTheme(page)).toBe("dark");
  // The user sees it: the page background changes.
  expect(await bodyBackground(page)).not.toBe(lightBackground);

  // Reload with every app script held back, so React never runs: only the inline head script can
  // make the page dark. The server does not know the choice, so its HTML carries no dark class.
  await page.route("**/assets/*.js", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  await recordClassesAtFirstBody(page);
  const response = await page.reload();
  const html = (await response?.text()) ?? "";
  const htmlTag = html.match(/<html[^>]*>/)?.[0] ?? "";
  expect(htmlTag).not.toMatch(/\bdark\b/);

  expect(await classesAtFirstBody(page)).toMatch(/\bdark\b/);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await bodyBackground(page)).not.toBe(lightBackground);
  // The switcher shows Dark as chosen before hydration too (styled from data-theme).
  const darkButtonBg = await themeButton(page, "Dark").evaluate(
    (el) => getComputedStyle(el).backgroundColor,
  );
  const lightButtonBg = await themeButton(page, "Light").evaluate(
    (el) => getComputedStyle(el).backgroundColor,
  );
  expect(darkButtonBg).not.toBe(lightButtonBg);
});

test("Light persists across reloads even when the system prefers dark", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await gotoHydrated(page, "/");
  // Default is System, which follows the dark preference.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(themeButton(page, "System")).toHaveAttribute("aria-pressed", "true");

  await themeButton(page, "Light").click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await storedTheme(page)).toBe("light");

  await recordClassesAtFirstBody(page);
  await reloadHydrated(page);
  expect(await classesAtFirstBody(page)).not.toMatch(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  await expect(themeButton(page, "Light")).toHaveAttribute("aria-pressed", "true");
  expect(await storedTheme(page)).toBe("light");
});

test("System follows prefers-color-scheme, live and on first paint", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await gotoHydrated(page, "/");
  await themeButton(page, "Dark").click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  await themeButton(page, "System").click();
  expect(await storedTheme(page)).toBe("system");
  await expect(themeButton(page, "System")).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  // The OS switches to dark and back while the page is open.
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  // A reload under a dark preference is dark before the body is parsed.
  await page.emulateMedia({ colorScheme: "dark" });
  await recordClassesAtFirstBody(page);
  await reloadHydrated(page);
  expect(await classesAtFirstBody(page)).toMatch(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
});

test("a first visit with nothing stored uses System", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await recordClassesAtFirstBody(page);
  await gotoHydrated(page, "/");
  expect(await storedTheme(page)).toBeNull();
  expect(await classesAtFirstBody(page)).toMatch(/\bdark\b/);
  await expect(themeButton(page, "System")).toHaveAttribute("aria-pressed", "true");
  await expect(themeButton(page, "Dark")).toHaveAttribute("aria-pressed", "false");
});
