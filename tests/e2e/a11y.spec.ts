import type { Page } from "@playwright/test";
import { axeViolations } from "../support/axe";
import { gotoHydrated } from "../support/browser";
import { expect, statusMessage, test } from "./fixtures";

// axe-core finds no accessibility violations on the public pages, in the light and the dark theme.

const PAGES: { name: string; path: (page: Page) => Promise<string>; status?: number }[] = [
  { name: "Home", path: async () => "/" },
  { name: "Games", path: async () => "/games" },
  { name: "News", path: async () => "/news" },
  {
    name: "News detail",
    path: async (page) => {
      await page.goto("/news");
      const href = await page
        .getByRole("link", { name: /Read More/ })
        .first()
        .getAttribute("href");
      expect(href).toBeTruthy();
      return href!;
    },
  },
  { name: "Contact", path: async () => "/contact" },
  { name: "404", path: async () => "/no-such-page", status: 404 },
];

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} theme`, () => {
    for (const target of PAGES) {
      test(`${target.name} has no axe violations`, async ({ page, allowConsoleMessage }) => {
        if (target.status) allowConsoleMessage(statusMessage(target.status));
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        const path = await target.path(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(target.status ?? 200);
        // The theme follows the system preference (the default, System).
        if (colorScheme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test("Contact showing its field errors has no axe violations", async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
      await gotoHydrated(page, "/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Message is required", { exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
