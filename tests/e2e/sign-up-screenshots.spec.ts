import type { Page } from "@playwright/test";
import { gotoHydrated, waitForHydration } from "../support/browser";
import { firstLink, submitRegister, waitForMail } from "../support/browser-accounts";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
import { toast } from "../support/toasts";
import { uniqueEmail } from "../support/users";
import { expect, test } from "./fixtures";

// The sign-up's two landings, light and dark, desktop and phone: /auth with its "Check your inbox"
// notice, and the confirmation link opened again where nobody is signed in ("Email confirmed",
// asked to sign in). Each view must fit the screen's width: `npm test` checks each width once (the
// desktop light, the phone dark); `npm run screenshots` goes through both themes at both widths and
// saves the pictures in docs/screenshots (tests/support/screenshots.ts).

async function save(page: Page, file: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${file}: horizontal overflow`).toBe(0);
  await screenshot(page, file);
}

test("the 'Check your inbox' notice and the 'Email confirmed' landing, light and dark, desktop and phone", {
  tag: SCREENSHOTS,
}, async ({ page, newContext, extraHTTPHeaders }) => {
  test.slow();
  const email = uniqueEmail("shots");
  await gotoHydrated(page, "/auth");
  await submitRegister(page, email);
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
  const link = firstLink(await waitForMail(email, { subject: /^Confirm your/ }));
  // Confirmed once, so each later opening lands on /auth with "Email confirmed".
  const first = await (await newContext({ extraHTTPHeaders })).newPage();
  await first.goto(link);
  await expect(toast(first, "Email confirmed")).toBeVisible();

  for (const { theme, device, viewport } of combinations(LAYOUT)) {
    const size = { width: viewport.width, height: viewport.height };
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize(size);
    await page.goto("/auth?check-inbox");
    await waitForHydration(page);
    await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
    await save(page, `auth-check-inbox-${device}-${theme}.png`);

    const context = await newContext({ extraHTTPHeaders, colorScheme: theme, viewport: size });
    const tab = await context.newPage();
    await tab.goto(link);
    await expect(toast(tab, "Email confirmed", "Sign in to continue.")).toBeVisible();
    await save(tab, `auth-email-confirmed-${device}-${theme}.png`);
    await context.close();
  }
});
