import crypto from "node:crypto";
import http from "node:http";
import { WEBHOOK_STAND_IN_PORT } from "../../playwright.config";
import { axeViolations } from "../support/axe";
import { gotoHydrated, waitForHydration } from "../support/browser";
import { combinations, EVERY, SCREENSHOTS, screenshot } from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { expect, test } from "./fixtures";

// The Announcements tab (docs/product.md#announcements) on the demo server, whose webhook calls go
// to WEBHOOK_TEST_ORIGIN: this spec's stand-in plays Discord there. An admin refuses a hostile URL,
// adds a hook (shown masked), sends a test, sees it in the delivery log, and deletes the hook.
// The tab passes axe-core in both themes and widths; `npm run screenshots` also saves it in
// docs/screenshots (tests/support/screenshots.ts).

test.describe.configure({ timeout: 90_000 });

function discordStandIn() {
  const calls: { method: string; path: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      calls.push({ method: req.method ?? "", path: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: String(Date.now()), channel_id: "42" }));
    });
  });
  return {
    calls,
    listen: () =>
      new Promise<void>((resolve) => server.listen(WEBHOOK_STAND_IN_PORT, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("an admin adds a Discord hook, sends a test to it and sees the delivery", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  const standIn = discordStandIn();
  await standIn.listen();
  try {
    const id = crypto.randomBytes(4).toString("hex");
    const label = `Community ${id}`;
    const hookId = `1234567890123${String(Date.now()).slice(-5)}`;
    const token = `tok_${id}_AbCdEfGhIjKlMnOpQrSt`;
    const url = `https://discord.com/api/webhooks/${hookId}/${token}`;

    await signedInAs("admin");
    await gotoHydrated(page, "/admin/announcements");
    await expect(page.getByRole("heading", { name: "Announcements" })).toBeVisible();
    const add = page.locator("#hook-form-new");

    // Hostile input: refused in place with its message, nothing added.
    await add.getByLabel("Name").fill(label);
    await add.getByLabel("URL").fill(`http://discord.com/api/webhooks/${hookId}/${token}`);
    await add.getByRole("button", { name: "Add hook" }).click();
    await expect(add.getByText("The URL must start with https://")).toBeVisible();
    await add
      .getByLabel("URL")
      .fill(`https://discord.evil.example/api/webhooks/${hookId}/${token}`);
    await add.getByRole("button", { name: "Add hook" }).click();
    await expect(add.getByText(/starts with https:\/\/discord\.com/)).toBeVisible();
    expect(await axeViolations(page), "the form showing its message").toEqual([]);
    await expect(page.getByTestId("hook-row").filter({ hasText: label })).toHaveCount(0);

    await add.getByLabel("URL").fill(url);
    await add.getByLabel("Role to mention (optional)").fill("112233445566778899");
    await add.getByRole("button", { name: "Add hook" }).click();
    await expectToast(page, "Hook added.");
    const row = page.getByTestId("hook-row").filter({ hasText: label });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`discord.com/api/webhooks/…${hookId.slice(-4)}/••••••`);
    // The stored URL never comes back to the page.
    expect(await page.content()).not.toContain(token);

    await row.getByRole("button", { name: `Send test to ${label}` }).click();
    await expectToast(page, "Test sent (200).");
    // The hook is the studio's: posts other tests publish meanwhile reach it too. The test is
    // the one call whose embed says so.
    const tests = standIn.calls.filter((call) =>
      /^Test from /.test(JSON.parse(call.body || "{}").embeds?.[0]?.title ?? ""),
    );
    expect(tests).toHaveLength(1);
    expect(tests[0]).toMatchObject({
      method: "POST",
      path: `/api/webhooks/${hookId}/${token}?wait=true`,
    });
    const logged = page
      .getByTestId("delivery-row")
      .filter({ hasText: label })
      .filter({ has: page.getByRole("cell", { name: "test", exact: true }) });
    await expect(logged).toHaveCount(1);
    await expect(logged).toContainText("200");

    await shoot(page);

    await row.getByRole("button", { name: `Delete ${label}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Hook deleted.");
    await expect(page.getByTestId("hook-row").filter({ hasText: label })).toHaveCount(0);
  } finally {
    await standIn.close();
  }
});

/** The tab in both themes at both widths (axe differs in each): fits, and passes axe. */
async function shoot(page: import("@playwright/test").Page) {
  for (const { theme, device, viewport } of combinations(EVERY)) {
    const { width } = viewport;
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: viewport.height });
    await page.reload();
    await waitForHydration(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${theme} ${width}: horizontal overflow`).toBe(0);
    expect(await axeViolations(page), `${theme} ${width}: axe`).toEqual([]);
    await screenshot(page, `admin-announcements-${device}-${theme}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}
