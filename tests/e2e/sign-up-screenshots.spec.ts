import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { gotoHydrated, waitForHydration } from "../support/browser";
import { firstLink, submitRegister, waitForMail } from "../support/browser-accounts";
import { toast } from "../support/toasts";
import { uniqueEmail } from "../support/users";
import { expect, test } from "./fixtures";

// The sign-up's two landings, light and dark, desktop and phone: /auth with its "Check your inbox"
// notice, and the confirmation link opened again where nobody is signed in ("Email confirmed",
// asked to sign in). Saved in SHOTS_DIR when set (for a person to look at), else in the test's
// output folder; each view must fit the screen's width.

const VIEWS = [
  { device: "desktop", size: { width: 1280, height: 800 } },
  { device: "mobile", size: { width: 390, height: 844 } },
] as const;

async function save(page: Page, file: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${file}: horizontal overflow`).toBe(0);
  await page.screenshot({ path: file, animations: "disabled" });
}

test("the 'Check your inbox' notice and the 'Email confirmed' landing, light and dark, desktop and phone", async ({
  page,
  newContext,
  extraHTTPHeaders,
}, testInfo) => {
  test.slow();
  const dir = process.env.SHOTS_DIR ?? testInfo.outputPath("shots");
  fs.mkdirSync(dir, { recursive: true });
  const email = uniqueEmail("shots");
  await gotoHydrated(page, "/auth");
  await submitRegister(page, email);
  await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
  const link = firstLink(await waitForMail(email, { subject: /^Confirm your/ }));
  // Confirmed once, so each later opening lands on /auth with "Email confirmed".
  const first = await (await newContext({ extraHTTPHeaders })).newPage();
  await first.goto(link);
  await expect(toast(first, "Email confirmed")).toBeVisible();

  for (const theme of ["light", "dark"] as const) {
    for (const { device, size } of VIEWS) {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize(size);
      await page.goto("/auth?check-inbox");
      await waitForHydration(page);
      await expect(page.getByRole("status").filter({ hasText: "Check your inbox" })).toBeVisible();
      await save(page, path.join(dir, `auth-check-inbox-${device}-${theme}.png`));

      const context = await newContext({ extraHTTPHeaders, colorScheme: theme, viewport: size });
      const tab = await context.newPage();
      await tab.goto(link);
      await expect(toast(tab, "Email confirmed", "Sign in to continue.")).toBeVisible();
      await save(tab, path.join(dir, `auth-email-confirmed-${device}-${theme}.png`));
      await context.close();
    }
  }
});
