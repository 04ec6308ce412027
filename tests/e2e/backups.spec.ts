import { gotoHydrated } from "../support/browser";
import { eachLook } from "../support/looks";
import { SCREENSHOTS, screenshot } from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { expect, test } from "./fixtures";

// The owner's Backups tab (docs/deployment.md#scheduled-backups): the schedule saved, a backup
// taken at once by the running server (the demo site is on the embedded database, where this is
// the way to back up), its row followed to the end and its archive downloaded. The server's
// refusals for other roles are tests/integration/access-matrix-backups.test.ts.
test.slow();

test("the owner schedules backups, takes one now, follows it and downloads it", {
  tag: SCREENSHOTS,
}, async ({ page, signedInAs }) => {
  await signedInAs("owner");
  await gotoHydrated(page, "/admin/backups");
  const panel = page.getByRole("tabpanel");
  await expect(page.getByRole("tab", { name: "Backups" })).toHaveAttribute("aria-selected", "true");
  await expect(panel.getByRole("heading", { name: "Backup schedule" })).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Restoring" })).toBeVisible();

  // A number of archives out of range is refused under its field.
  const keep = panel.getByLabel("Backups to keep");
  await keep.fill("0");
  await panel.getByRole("button", { name: "Save schedule" }).click();
  await expect(panel.getByText("Keep between 1 and 90 backups")).toBeVisible();
  await keep.fill("5");
  await panel.getByRole("switch", { name: "Back up every day" }).check();
  await panel.getByLabel("Time").fill("23:59");
  await panel.getByRole("button", { name: "Save schedule" }).click();
  await expectToast(page, "Backup schedule saved");

  await panel.getByTestId("backup-now").click();
  await expectToast(page, "Backup queued");
  // The list is read again while it waits and runs, until it is done.
  const row = panel.getByTestId("backup-row").first();
  await expect(row).toContainText("done", { timeout: 30_000 });
  const link = row.getByRole("link", { name: /Download/ });
  const response = await page.request.get((await link.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/zip");
  expect((await response.body()).subarray(0, 2).toString()).toBe("PK");

  await eachLook(page, "/admin/backups", (look) =>
    screenshot(page, `admin-backups-${look}.png`, { review: true, fullPage: true }),
  );
});
