import type { APIResponse, Page } from "@playwright/test";
import sharp from "sharp";
import { gotoHydrated } from "../support/browser";
import { expect } from "./fixtures";

// Helpers for the profile tests: the profile page, the header's avatar, and images made with sharp.
// Accounts, sign-in and toasts: tests/support/browser-accounts.ts and tests/support/toasts.ts.

/** Opens /profile on a tab and waits for hydration. */
export async function openProfile(page: Page, tab?: "profile" | "activity" | "settings") {
  const response = await gotoHydrated(page, tab ? `/profile?tab=${tab}` : "/profile");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
}

/** The signed-in account's id, as Settings > Account Information shows it. */
export async function accountId(page: Page): Promise<string> {
  await openProfile(page, "settings");
  const id = await page
    .locator("dt", { hasText: "Account ID" })
    .locator("xpath=following-sibling::dd[1]")
    .textContent();
  expect(id?.trim()).toMatch(/^[\w-]{8,64}$/);
  return id!.trim();
}

/** The header's avatar image (the Avatar on the Profile tab has its own test id). */
export function headerAvatar(page: Page) {
  return page.getByRole("banner").getByTestId("header-avatar");
}

/** A solid-colour image of the given format. */
export async function solidImage(
  format: "png" | "jpeg",
  colour: { r: number; g: number; b: number },
  size = 64,
): Promise<Buffer> {
  const image = sharp({
    create: { width: size, height: size, channels: 3, background: colour },
  });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** The average colour of an image the server answered. */
export async function averageColour(response: APIResponse) {
  const stats = await sharp(await response.body()).stats();
  const [r, g, b] = stats.channels.map((c) => Math.round(c.mean));
  return { r: r!, g: g!, b: b! };
}

/** Whether a colour is close to the expected one (lossy encodings shift it a little). */
export function near(actual: { r: number; g: number; b: number }, expected: typeof actual) {
  return (
    Math.abs(actual.r - expected.r) < 24 &&
    Math.abs(actual.g - expected.g) < 24 &&
    Math.abs(actual.b - expected.b) < 24
  );
}
