import crypto from "node:crypto";
import path from "node:path";
import { gotoHydrated } from "../support/browser";
import { OUTBOX } from "../support/browser-accounts";
import { mailsIn } from "../support/outbox";
import { expectToast } from "../support/toasts";
import { DEMO_URL, expect, test } from "./fixtures";

// The key desk (docs/product.md#key-desk) on the shared demo server: a request from the press is
// flagged for its address, staff import a batch and send a key, which is mailed once and shows as
// sent. Every run uses its own outlet, address and key.

const GAME = { slug: "hollow-orchard", title: "Hollow Orchard", platform: "PlayStation 5" };

test("a request arrives flagged, staff import a batch and send a key, mailed once", async ({
  page,
  signedInAs,
}) => {
  const id = crypto.randomBytes(4).toString("hex");
  const email = `writer-${id}@mail.example`;
  const outlet = `Outlet ${id}`;
  const key = `E2E-${id}-KEY`;

  const posted = await page.request.post(`/press/${GAME.slug}/key-request`, {
    form: {
      name: "Wren Writer",
      email,
      outlet,
      outletUrl: `https://outlet-${id}.example/reviews`,
      audience: "Weekly video reviews",
      platform: GAME.platform,
      message: "For our launch review.",
    },
    headers: { Origin: DEMO_URL },
  });
  expect(posted.status()).toBe(200);

  await signedInAs("admin");
  await gotoHydrated(page, "/admin/keys");
  const request = page.getByTestId("key-request").filter({ hasText: outlet });
  await expect(request).toHaveCount(1);
  await expect(request.getByText("Domain mismatch")).toBeVisible();

  await page.getByLabel("Game").first().selectOption({ label: GAME.title });
  await page.getByLabel("Platform").first().fill(GAME.platform);
  await page.getByLabel(/^Keys/).fill(`key\n${key}\n`);
  await page.getByRole("button", { name: "Import keys" }).click();
  await expectToast(page, "1 key imported.");

  await request.getByRole("button", { name: "Send key" }).click();
  await expectToast(page, "Key sent.");
  await expect.poll(() => mailsIn(OUTBOX, email).length).toBe(1);
  const mail = mailsIn(OUTBOX, email)[0]!;
  expect(mail.text.split(key)).toHaveLength(2);
  expect(mail.text).toContain("There is no embargo");
  await expect(request.getByText("approved")).toBeVisible();
  await expect(page.getByTestId("press-key").filter({ hasText: `to ${email}` })).toHaveAttribute(
    "data-state",
    "sent",
  );
  // The page never shows a key.
  await expect(page.getByText(key)).toHaveCount(0);
});

test("the key desk fits a desktop and a phone, light and dark", async ({
  page,
  signedInAs,
}, testInfo) => {
  // PRESS_DESK_SHOTS (a directory) when set, for a person to look at; else the test's output.
  const shots = process.env.PRESS_DESK_SHOTS ?? testInfo.outputPath();
  await signedInAs("admin");
  for (const theme of ["light", "dark"] as const) {
    for (const [device, size] of [
      ["desktop", { width: 1280, height: 800 }],
      ["mobile", { width: 390, height: 844 }],
    ] as const) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
      await page.setViewportSize(size);
      await gotoHydrated(page, "/admin/keys");
      await expect(page.getByRole("heading", { name: "Key batches" })).toBeVisible();
      await page.screenshot({
        path: path.join(shots, `press-desk-${device}-${theme}.png`),
        fullPage: true,
        animations: "disabled",
      });
    }
  }
});
