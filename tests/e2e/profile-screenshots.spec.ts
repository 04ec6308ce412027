import { waitForHydration } from "../support/browser";
import { registerAccount } from "../support/browser-accounts";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { uniqueEmail } from "../support/users";
import { expect, test } from "./fixtures";
import { openProfile, solidImage } from "./profile-helpers";

// /profile's three tabs and its Security section on a desktop and a phone: each view must fit the
// width of the screen, and the page follows the theme. `npm test` checks each width once (the
// desktop light, the phone dark); `npm run screenshots` goes through both themes at both widths and
// saves the pictures in test-results/screenshots (tests/support/screenshots.ts).

test.describe.configure({ timeout: 90_000 });

const TABS = ["profile", "activity", "settings"] as const;

test("the profile's tabs and security section fit desktop and mobile screens, light and dark", {
  tag: SCREENSHOTS,
}, async ({ page }) => {
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

  for (const { theme, viewport } of combinations(LAYOUT)) {
    // The account's theme is System, so the page follows the emulated preference.
    await page.emulateMedia({ colorScheme: theme });
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
      await screenshot(page, `profile-${viewport.name}-${theme}-${tab}.png`, {
        review: true,
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
    await screenshot(page, `profile-${viewport.name}-${theme}-security.png`, {
      review: true,
      fullPage: true,
      clip: {
        x: 0,
        y: Math.max(0, section.y - 16),
        width: viewport.width,
        height: section.height + 32,
      },
    });
  }
});
