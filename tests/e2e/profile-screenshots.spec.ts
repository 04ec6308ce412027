import fs from "node:fs";
import path from "node:path";
import { waitForHydration } from "../support/browser";
import { registerAccount } from "../support/browser-accounts";
import { expectToast } from "../support/toasts";
import { uniqueEmail } from "../support/users";
import { expect, test } from "./fixtures";
import { openProfile, solidImage } from "./profile-helpers";

// /profile's three tabs and its Security section in light and dark, on a desktop and a phone. Each
// view must fit the width of the screen. The pictures go to PROFILE_SHOTS (a directory) when set,
// for a person to look at, else to the test's output folder.

test.describe.configure({ timeout: 90_000 });

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;
const THEMES = ["light", "dark"] as const;
const TABS = ["profile", "activity", "settings"] as const;

test("the profile's tabs and security section fit desktop and mobile screens, light and dark", async ({
  page,
}, testInfo) => {
  const dir = process.env.PROFILE_SHOTS ?? testInfo.outputPath("shots");
  fs.mkdirSync(dir, { recursive: true });

  // A profile with something in every part: a name, a bio, an avatar and some activity.
  await registerAccount(page, uniqueEmail("shots"));
  await openProfile(page);
  await page.getByLabel("Display Name", { exact: true }).fill("Ada Lantern");
  await page
    .getByLabel("Bio", { exact: true })
    .fill("Plays puzzle games on the train. Collects lanterns and speedrun routes.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated successfully");
  await page.getByLabel("Avatar", { exact: true }).setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: await solidImage("png", { r: 240, g: 160, b: 40 }, 128),
  });
  await expectToast(page, "Avatar uploaded successfully");
  await page.goto("/news");
  await page
    .getByRole("link", { name: /Read More/ })
    .first()
    .click();
  await page.waitForURL(/\/news\/[\w-]+$/);

  for (const theme of THEMES) {
    // The account's theme is System, so the page follows the emulated preference.
    await page.emulateMedia({ colorScheme: theme });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const tab of TABS) {
        await openProfile(page, tab);
        await waitForHydration(page);
        if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
        else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
        if (tab === "profile") {
          await expect
            .poll(() =>
              page
                .getByTestId("profile-avatar")
                .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
            )
            .toBeGreaterThan(0);
        }
        // Nothing sticks out sideways.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${tab} tab, ${viewport.name}, ${theme}: horizontal overflow`).toBe(0);
        const panel = await page.getByRole("tabpanel").boundingBox();
        await page.screenshot({
          path: path.join(dir, `${viewport.name}-${theme}-${tab}.png`),
          fullPage: true,
          clip: {
            x: 0,
            y: 0,
            width: viewport.width,
            height: Math.ceil(panel!.y + panel!.height + 24),
          },
          animations: "disabled",
        });
      }
      // A full-page capture cut to the section (an element capture would show the sticky header
      // over it, where the page was stitched).
      const section = await page.locator("#security").evaluate((el) => {
        const box = el.getBoundingClientRect();
        return { y: box.top + window.scrollY, height: box.height };
      });
      await page.screenshot({
        path: path.join(dir, `${viewport.name}-${theme}-security.png`),
        fullPage: true,
        clip: {
          x: 0,
          y: Math.max(0, section.y - 16),
          width: viewport.width,
          height: section.height + 32,
        },
        animations: "disabled",
      });
    }
  }
  for (const viewport of VIEWPORTS)
    for (const theme of THEMES)
      for (const part of [...TABS, "security"])
        expect(fs.existsSync(path.join(dir, `${viewport.name}-${theme}-${part}.png`))).toBe(true);
});
