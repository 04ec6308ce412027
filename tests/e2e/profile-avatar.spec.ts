import crypto from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { reloadHydrated, waitForHydration } from "../support/browser";
import { registerAccount } from "../support/browser-accounts";
import { expectToast, toast } from "../support/toasts";
import { uniqueEmail } from "../support/users";
import { DEMO_URL, expect, statusMessage, test } from "./fixtures";
import {
  accountId,
  averageColour,
  headerAvatar,
  near,
  openProfile,
  solidImage,
} from "./profile-helpers";

// The avatar pipeline through the real page and server (docs/product.md#profile-tab).

// Registering through the mail outbox and signing in from several browsers takes a while.
test.describe.configure({ timeout: 60_000 });

const RED = { r: 220, g: 30, b: 30 };
const GREEN = { r: 30, g: 200, b: 60 };
const BLUE = { r: 30, g: 60, b: 220 };

const AVATAR_URL = (id: string) => new RegExp(`^/avatars/${id}/avatar\\.webp\\?v=[\\w-]+$`);

type Upload = { name: string; mimeType: string; buffer: Buffer };

/** Chooses a file in the Profile tab's avatar input (the upload starts on change). */
async function chooseAvatar(page: Page, file: Upload) {
  await page.getByLabel("Avatar", { exact: true }).setInputFiles(file);
}

/** The avatar's bytes as the server serves them, checked for the caching and type headers. */
async function fetchAvatar(request: APIRequestContext, src: string) {
  const response = await request.get(src);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toContain("immutable");
  return response;
}

const digest = async (request: APIRequestContext, src: string) =>
  crypto
    .createHash("sha256")
    .update(await (await fetchAvatar(request, src)).body())
    .digest("hex");

test("a PNG and then a JPEG become the avatar, shown in the header and served as cached WebP", async ({
  page,
}) => {
  await registerAccount(page, uniqueEmail("avatar"));
  const id = await accountId(page);
  await openProfile(page);
  // No picture yet: the header shows the initial.
  await expect(headerAvatar(page)).toHaveCount(0);
  await expect(page.getByText("JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.")).toBeVisible();

  await chooseAvatar(page, {
    name: "me.png",
    mimeType: "image/png",
    buffer: await solidImage("png", RED, 400),
  });
  await expectToast(page, "Avatar uploaded successfully");
  await expect(headerAvatar(page)).toHaveAttribute("src", AVATAR_URL(id));
  const pngSrc = (await headerAvatar(page).getAttribute("src"))!;
  await expect(page.getByTestId("profile-avatar")).toHaveAttribute("src", pngSrc);
  // The browser really shows it.
  await expect
    .poll(() => headerAvatar(page).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const png = await fetchAvatar(page.request, pngSrc);
  expect(near(await averageColour(png), RED)).toBe(true);
  // Re-encoded to the stored size, without the upload's own bytes.
  const meta = await sharp(await png.body()).metadata();
  expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });

  await chooseAvatar(page, {
    name: "me.jpg",
    mimeType: "image/jpeg",
    buffer: await solidImage("jpeg", GREEN, 300),
  });
  await expect(headerAvatar(page)).not.toHaveAttribute("src", pngSrc);
  await expectToast(page, "Avatar uploaded successfully");
  await expect(headerAvatar(page)).toHaveAttribute("src", AVATAR_URL(id));
  const jpegSrc = (await headerAvatar(page).getAttribute("src"))!;
  expect(near(await averageColour(await fetchAvatar(page.request, jpegSrc)), GREEN)).toBe(true);

  // It stays after a reload, on every page.
  await page.goto("/news");
  await waitForHydration(page);
  await expect(headerAvatar(page)).toHaveAttribute("src", jpegSrc);
});

test("refused uploads say why, and leave the avatar as it was", async ({
  page,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(422));
  allowConsoleMessage(statusMessage(413));
  await registerAccount(page, uniqueEmail("avatar-refused"));
  await openProfile(page);
  await chooseAvatar(page, {
    name: "me.png",
    mimeType: "image/png",
    buffer: await solidImage("png", BLUE),
  });
  await expectToast(page, "Avatar uploaded successfully");
  await expect(headerAvatar(page)).toHaveAttribute("src", /\/avatar\.webp\?v=/);
  const src = (await headerAvatar(page).getAttribute("src"))!;
  const stored = await digest(page.request, src);

  const png = await solidImage("png", RED, 32);
  const bigPng = await sharp({
    create: { width: 6000, height: 6000, channels: 3, background: RED },
  })
    .png()
    .toBuffer();
  const overFiveMb = Buffer.concat([png, crypto.randomBytes(5 * 1024 * 1024 + 1024)]);
  const cases: { what: string; file: Upload; message: RegExp }[] = [
    {
      what: "a text file named .png",
      file: {
        name: "notes.png",
        mimeType: "image/png",
        buffer: Buffer.from("Just some notes, not a picture.\n".repeat(20)),
      },
      message: /This file is not an image\. Upload a JPEG, PNG, WebP, GIF or AVIF file\./,
    },
    {
      what: "an SVG with a script",
      file: {
        name: "face.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="red"/></svg>',
        ),
      },
      message: /not accepted|not an image/,
    },
    {
      what: "a PNG with a web page appended (a polyglot)",
      file: {
        name: "polyglot.png",
        mimeType: "image/png",
        buffer: Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]),
      },
      message: /This file contains more than image data and was refused\./,
    },
    {
      what: "a 6000 × 6000 image (over the pixel limit)",
      file: { name: "huge.png", mimeType: "image/png", buffer: bigPng },
      message: /too many pixels\. The limit is 25 megapixels\./,
    },
    {
      what: "a file over 5 MB",
      file: { name: "heavy.png", mimeType: "image/png", buffer: overFiveMb },
      message: /too large\. The limit is 5 MB\./,
    },
  ];

  for (const { what, file, message } of cases) {
    await test.step(what, async () => {
      await chooseAvatar(page, file);
      const refusal = toast(page, "Failed to upload avatar", message);
      await expect(refusal).toBeVisible();
      await expect(page.getByText("JPEG, PNG, WebP, GIF or AVIF, up to 5 MB.")).toBeVisible();
      // The input is cleared for the next try, and nothing changed.
      await expect(page.getByLabel("Avatar", { exact: true })).toHaveValue("");
      await expect(headerAvatar(page)).toHaveAttribute("src", src);
      expect(await digest(page.request, src)).toBe(stored);
      await refusal.getByRole("button", { name: /close/i }).click();
      await expect(refusal).toHaveCount(0);
    });
  }

  await reloadHydrated(page);
  await waitForHydration(page);
  await expect(headerAvatar(page)).toHaveAttribute("src", src);
  expect(await digest(page.request, src)).toBe(stored);
});

test("uploads need a session, act only on the uploader's own avatar, and each avatar URL serves its owner's picture", async ({
  page,
  request,
  newContext,
  extraHTTPHeaders,
}) => {
  // Signed out: refused with 401, nothing read.
  const anonymous = await request.post("/profile/avatar", {
    headers: { Origin: DEMO_URL },
    multipart: {
      avatar: { name: "me.png", mimeType: "image/png", buffer: await solidImage("png", RED) },
    },
  });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({
    ok: false,
    error: "Please sign in to change your avatar.",
  });

  // User B, in their own browser, sets a red avatar and a display name.
  const otherContext = await newContext({ extraHTTPHeaders });
  const pageB = await otherContext.newPage();
  await registerAccount(pageB, uniqueEmail("avatar-b"));
  const idB = await accountId(pageB);
  await openProfile(pageB);
  await chooseAvatar(pageB, {
    name: "b.png",
    mimeType: "image/png",
    buffer: await solidImage("png", RED),
  });
  await expectToast(pageB, "Avatar uploaded successfully");
  await expect(headerAvatar(pageB)).toHaveAttribute("src", AVATAR_URL(idB));
  const srcB = (await headerAvatar(pageB).getAttribute("src"))!;
  await pageB.getByLabel("Display Name", { exact: true }).fill("Bea");
  await pageB.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(pageB, "Profile updated successfully");
  const digestB = await digest(pageB.request, srcB);

  // User A posts a blue avatar naming B in every field a careless server might read.
  await registerAccount(page, uniqueEmail("avatar-a"));
  const idA = await accountId(page);
  const foreign = { userId: idB, user_id: idB, id: idB, profileId: idB };
  const upload = await page.request.post("/profile/avatar", {
    headers: { Origin: DEMO_URL },
    multipart: {
      ...foreign,
      avatar: { name: "a.png", mimeType: "image/png", buffer: await solidImage("png", BLUE) },
    },
  });
  expect(upload.status()).toBe(200);
  const body = await upload.json();
  expect(body.ok).toBe(true);
  expect(body.avatarUrl).toMatch(AVATAR_URL(idA));
  // ...and a profile form naming B.
  const profile = await page.request.post("/profile", {
    headers: { Origin: DEMO_URL },
    form: { ...foreign, intent: "profile", displayName: "Mallory", bio: "" },
    maxRedirects: 0,
  });
  expect(profile.status()).toBe(302);

  // Only A changed.
  await openProfile(page);
  await expect(headerAvatar(page)).toHaveAttribute("src", body.avatarUrl);
  await expect(page.getByLabel("Display Name", { exact: true })).toHaveValue("Mallory");
  await openProfile(pageB);
  await expect(headerAvatar(pageB)).toHaveAttribute("src", srcB);
  await expect(pageB.getByLabel("Display Name", { exact: true })).toHaveValue("Bea");
  expect(await digest(pageB.request, srcB)).toBe(digestB);

  // Each avatar URL serves its owner's picture, to anyone.
  const servedB = await fetchAvatar(request, `/avatars/${idB}/avatar.webp`);
  expect(near(await averageColour(servedB), RED)).toBe(true);
  const servedA = await fetchAvatar(request, `/avatars/${idA}/avatar.webp`);
  expect(near(await averageColour(servedA), BLUE)).toBe(true);
  // Only avatar.webp under a plain id is served.
  for (const path of [
    `/avatars/${idB}/avatar.png`,
    `/avatars/${idB}/..%2F${idA}%2Favatar.webp`,
    "/avatars/no-such-user/avatar.webp",
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
