import { gotoHydrated } from "../support/browser";
import { accountMenu, openAccountMenu } from "../support/browser-accounts";
import { combinations, NONE, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { NEW_PASSWORD } from "../support/users";
import { expect, statusMessage, test } from "./fixtures";
import {
  freshDataDir,
  killLeftoverServers,
  removeDataDirIfPassed,
  startServer,
} from "./server-process";

// The first owner, as a new studio starts: the one-time link printed at start-up creates the owner
// account and leaves that browser signed in as the owner (docs/product.md#auth).

test.describe.configure({ timeout: 300_000 });
let dataDir = "";
test.afterEach(async () => {
  await killLeftoverServers();
  if (dataDir) removeDataDirIfPassed(dataDir);
});

test("creating the owner with the printed link ends signed in as the owner, on Home's checklist", {
  tag: SCREENSHOTS,
}, async ({ page, allowConsoleMessage }) => {
  allowConsoleMessage(statusMessage(404)); // the used link, at the end
  dataDir = freshDataDir("owner-setup");
  const server = await startServer({ dataDir });
  const printed = /(http\S+\/auth\/setup-owner\?token=[\w-]+)/;
  await expect.poll(() => printed.exec(server.output())?.[1], { timeout: 10_000 }).toBeDefined();
  const link = new URL(printed.exec(server.output())![1]!);
  const email = "founder@studio.test";

  await gotoHydrated(page, `${server.url}${link.pathname}${link.search}`);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Create owner account" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expectToast(page, "Owner account created", "You are signed in as the owner.");
  await expect(page.getByRole("heading", { name: "Set up your studio's site" })).toBeVisible();
  // The landing, light and dark, desktop and phone, for docs/screenshots (`npm run screenshots`
  // only; the toast may have gone by the last ones).
  for (const { theme, device, viewport } of combinations(NONE)) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await screenshot(page, `owner-created-${device}-${theme}.png`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  const menu = await openAccountMenu(page, email);
  await expect(menu.getByTestId("account-role")).toHaveText("Owner");
  await page.keyboard.press("Escape");
  await expect(accountMenu(page, email)).toBeVisible();

  // The link worked once.
  await gotoHydrated(page, `${server.url}${link.pathname}${link.search}`);
  await expect(page.getByRole("alert")).toContainText("This set-up link is no longer valid.");
});
