import crypto from "node:crypto";
import { gotoHydrated } from "../support/browser";
import { OUTBOX } from "../support/browser-accounts";
import { mailsIn } from "../support/outbox";
import { combinations, LAYOUT, SCREENSHOTS, screenshot } from "../support/screenshots";
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
  // The requester's receipt is in the outbox before the form answers.
  const [receipt, ...more] = mailsIn(OUTBOX, email);
  expect(more).toHaveLength(0);
  expect(receipt!.subject).toBe(`We received your key request for ${GAME.title}`);

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
  const keyMails = () => mailsIn(OUTBOX, email).filter((m) => m.subject !== receipt!.subject);
  await expect.poll(() => keyMails().length).toBe(1);
  const mail = keyMails()[0]!;
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

// Each width once in `npm test` (the desktop light, the phone dark); `npm run screenshots` goes
// through both themes at both widths and saves the pictures in docs/screenshots.
test("the key desk fits a desktop and a phone, light and dark", { tag: SCREENSHOTS }, async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  for (const { theme, device, viewport } of combinations(LAYOUT)) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await gotoHydrated(page, "/admin/keys");
    await expect(page.getByRole("heading", { name: "Key batches" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${device} ${theme}: horizontal overflow`).toBe(0);
    await screenshot(page, `press-desk-${device}-${theme}.png`, { fullPage: true });
  }
});
