import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "../support/axe";
import { gotoHydrated } from "../support/browser";
import { readOutbox } from "../support/outbox";
import {
  combinations,
  EVERY,
  LAYOUT,
  SCREENSHOTS,
  screenshot,
  TAKING_SCREENSHOTS,
} from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { roleEmail } from "../support/users";
import { expect, statusMessage, test } from "./fixtures";
import {
  freshDataDir,
  killLeftoverServers,
  ROOT,
  type ServerProcess,
  startServer,
} from "./server-process";

// Site settings (docs/product.md#site-settings) on a fresh install of its own: nothing of the demo
// studio shows before anything is saved; the owner then makes the site the studio's own, and a
// guest sees it on every page (within the page cache's second) and in the next mail. That a
// moderator can neither open the tab nor save is tested without a browser
// (tests/http/admin-refusals.test.ts).

test.describe.configure({ mode: "serial", timeout: 300_000 });

let server: ServerProcess;
let dataDir = "";

const STUDIO = {
  name: "Moth & Lamp Studio",
  hero: "Tiny games about light, made by hand in a small workshop.",
  accent: "#0b5a3c",
  links: ["https://discord.gg/mothlamp", "https://bsky.app/profile/mothlamp.example"],
  sender: { name: "Moth Mail", address: "post@mothlamp.example" },
};

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataDir = freshDataDir("site-settings");
  // One verified user per role, and nothing else: no demo content, no settings.
  await promisify(execFile)(process.execPath, ["--import", "tsx", "tests/support/seed-e2e.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
  server = await startServer({ dataDir });
});

test.afterAll(async () => {
  await server?.stop();
  await killLeftoverServers();
});

const PUBLIC_PAGES = ["/", "/news", "/games", "/contact", "/no-such-page"];

/** The page's head facts a guest and a link preview see. */
async function headOf(page: Page) {
  return {
    title: await page.title(),
    favicon: await page.locator('link[rel="icon"]').getAttribute("href"),
    ogImage: await page.locator('meta[property="og:image"]').getAttribute("content"),
  };
}

test("a fresh install shows no demo identity on any page or in the feed", async ({
  newContext,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(404));
  const guest = await (await newContext({ baseURL: server.url })).newPage();
  for (const address of PUBLIC_PAGES) {
    await guest.goto(address);
    const html = await guest.content();
    expect(html, address).not.toMatch(/lanternfly|lisbon/i);
    expect(await guest.title(), address).toContain("Your Studio");
  }
  const feed = await (await guest.request.get("/news/feed.xml")).text();
  expect(feed).toContain("<title>Your Studio News</title>");
  expect(feed).not.toMatch(/lanternfly/i);
});

// Tagged for `npm run screenshots` too: the pictures below show the studio this test sets up.
test(
  "the owner makes the site the studio's own; a guest sees it everywhere, and the next mail",
  {
    tag: SCREENSHOTS,
  },
  async ({ page, newContext, allowConsoleMessage, signedInAs }, testInfo) => {
    allowConsoleMessage(statusMessage(404));
    const owner = await (await newContext({ baseURL: server.url })).newPage();
    await signedInAs("owner", owner, server.url);
    await gotoHydrated(owner, "/");
    // The owner's first-run checklist is on Home until the studio is set up.
    await expect(owner.getByTestId("setup-checklist")).toContainText("Name the studio");
    await gotoHydrated(owner, "/admin/settings");
    await expect(owner.getByRole("heading", { name: "Site Settings" })).toBeVisible();

    const logo = testInfo.outputPath("logo.png");
    await sharp({ create: { width: 256, height: 256, channels: 4, background: STUDIO.accent } })
      .png()
      .toFile(logo);
    await owner.getByLabel("Upload logo").setInputFiles(logo);
    await expect(owner.getByRole("img", { name: "The studio's logo" })).toBeVisible();

    await owner.getByLabel("Studio name").fill(STUDIO.name);
    await owner.getByLabel("Hero text").fill(STUDIO.hero);
    await owner.getByLabel("Social links").fill(STUDIO.links.join("\n"));
    await owner.getByLabel("Sender name").fill(STUDIO.sender.name);
    await owner.getByLabel("Sender address").fill(STUDIO.sender.address);
    // A colour too light for the light theme is refused with its field's message.
    await owner.getByLabel("Accent colour").fill("#ffff66");
    await owner.getByRole("button", { name: "Save settings" }).click();
    await expect(owner.getByText(/^Accent colour is too light/)).toBeVisible();
    await owner.getByLabel("Accent colour").fill(STUDIO.accent);
    // The preview follows what is typed, before saving.
    const preview = owner.getByRole("region", { name: "Preview" });
    await expect(preview.getByText(STUDIO.name).first()).toBeVisible();
    await expect(preview.getByText(STUDIO.hero).first()).toBeVisible();
    await owner.getByRole("button", { name: "Save settings" }).click();
    await expectToast(owner, "Settings saved");
    // The form shows what was saved, ready for the next change.
    await expect(owner.getByLabel("Studio name")).toHaveValue(STUDIO.name);
    await expect(owner.getByLabel("Accent colour")).toHaveValue(STUDIO.accent);
    await expect(owner.getByRole("img", { name: "The studio's logo" })).toBeVisible();

    // A guest, once the page cache's copies (one second) have gone.
    const guest = await (await newContext({ baseURL: server.url })).newPage();
    await expect
      .poll(
        async () => {
          await guest.goto("/");
          return guest.getByRole("banner").textContent();
        },
        { timeout: 10_000 },
      )
      .toContain(STUDIO.name);
    await expect(guest.getByText(STUDIO.hero)).toBeVisible();
    const primary = await guest.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--primary").trim(),
    );
    expect(primary).toBe(STUDIO.accent);
    for (const address of PUBLIC_PAGES) {
      await guest.goto(address);
      const head = await headOf(guest);
      expect(head.title, address).toContain(STUDIO.name);
      expect(head.favicon, address).toMatch(/^\/media\/site\/[0-9a-f-]{36}\/icon-32\.png$/);
      expect(head.ogImage, address).toMatch(/\/media\/site\/[0-9a-f-]{36}\/og-image\.png$/);
      await expect(guest.getByRole("banner").getByText(STUDIO.name), address).toBeVisible();
      const footer = guest.getByRole("contentinfo");
      await expect(footer.getByText(`${STUDIO.name}. All rights reserved.`), address).toBeVisible();
      const social = footer.getByRole("link", { name: /opens in a new tab/ });
      await expect(social, address).toHaveCount(2);
      await expect(social.first()).toHaveAttribute("href", STUDIO.links[0]!);
    }
    const icon = await guest.request.get((await headOf(guest)).favicon!);
    expect(icon.headers()["content-type"]).toBe("image/png");
    expect((await sharp(await icon.body()).metadata()).width).toBe(32);

    // The next mail is from the new sender.
    await gotoHydrated(page, `${server.url}/auth/forgot-password`);
    await page.getByLabel("Email").fill(roleEmail("guest"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "reset link" })).toBeVisible();
    const outbox = path.join(dataDir, "outbox");
    await expect
      .poll(
        () =>
          readOutbox(outbox)
            .filter((m) => m.to === roleEmail("guest"))
            .at(-1)?.from,
      )
      .toBe(`"${STUDIO.sender.name}" <${STUDIO.sender.address}>`);
    const mail = readOutbox(outbox).at(-1);
    expect(mail?.subject).toBe(`Reset your ${STUDIO.name} password`);
  },
);

// The navigation editor (docs/product.md#navigation), used with the keyboard alone: an entry moved
// with its buttons keeps the focus, a link of the studio's own becomes the header's button after
// its inline message is answered, and a guest's header shows it at 1280 and 390 px.
test("the owner orders the navigation with the keyboard and adds a highlighted button the header shows", {
  tag: SCREENSHOTS,
}, async ({ newContext, signedInAs }) => {
  const owner = await (await newContext({ baseURL: server.url })).newPage();
  await signedInAs("owner", owner, server.url);
  await gotoHydrated(owner, "/admin/settings");
  const editor = owner.locator("#navigation-editor");
  await expect(editor.getByRole("heading", { name: "Navigation" })).toBeVisible();
  const titles = () => editor.getByTestId("navigation-entry-title").allTextContents();
  expect((await titles()).slice(0, 5)).toEqual(["Home", "Games", "News", "Contact", "Press"]);

  // News to the top, by keyboard: focus stays on its button, then moves to the one still usable.
  await editor.getByRole("button", { name: "Move News up" }).focus();
  await owner.keyboard.press("Enter");
  await expect(editor.getByRole("button", { name: "Move News up" })).toBeFocused();
  await expect(editor.getByText("News moved to position 2 of 5")).toBeAttached();
  await owner.keyboard.press("Enter");
  await expect(editor.getByRole("button", { name: "Move News down" })).toBeFocused();
  expect((await titles()).slice(0, 3)).toEqual(["News", "Home", "Games"]);
  await editor.getByLabel("Where Contact shows").selectOption("hidden");

  // A link of the studio's own: the label takes the focus; a bad address is answered in place.
  await editor.getByRole("button", { name: "Add link" }).focus();
  await owner.keyboard.press("Enter");
  const label = editor.getByLabel("Label", { exact: true });
  await expect(label).toBeFocused();
  await owner.keyboard.type("Wishlist on Steam");
  await owner.keyboard.press("Tab");
  await owner.keyboard.type("store.steampowered.com/app/1");
  await owner.keyboard.press("Tab");
  await owner.keyboard.press("Space");
  await editor.getByRole("button", { name: "Save navigation" }).click();
  await expect(
    editor.getByText("Write a full address starting with https:// or http://"),
  ).toBeVisible();
  await editor.getByLabel("Address", { exact: true }).fill("https://store.steampowered.com/app/1");
  await editor.getByRole("button", { name: "Save navigation" }).click();
  await expectToast(owner, "Navigation saved");
  expect(await titles()).toEqual([
    "News",
    "Home",
    "Games",
    "Contact",
    "Press",
    "Wishlist on Steam",
  ]);

  const guest = await (await newContext({ baseURL: server.url })).newPage();
  for (const { theme, device, viewport } of combinations(LAYOUT)) {
    if (TAKING_SCREENSHOTS) {
      // Afresh: no toast, no focus ring, the page laid out at this width.
      await owner.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
      await owner.setViewportSize({ width: viewport.width, height: viewport.height });
      await gotoHydrated(owner, "/admin/settings");
      // The sticky header would cover the card's top once it is scrolled to.
      await screenshot(editor, `navigation-editor-${device}-${theme}.png`, {
        style: "header.sticky { position: static !important; }",
      });
    }

    await guest.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    await guest.setViewportSize({ width: viewport.width, height: viewport.height });
    // Within the page cache's second the old header may still be given.
    await expect
      .poll(
        async () => {
          await gotoHydrated(guest, "/");
          return guest
            .getByRole("banner")
            .getByRole("link", { name: /Wishlist on Steam/ })
            .count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const banner = guest.getByRole("banner");
    const button = banner.getByRole("link", { name: /Wishlist on Steam/ });
    // In the bar at every width, the phone's included.
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("href", "https://store.steampowered.com/app/1");
    await expect(button).toHaveAttribute("target", "_blank");
    await expect(button).toHaveAttribute("rel", "noopener noreferrer");
    if (device === "mobile") await banner.getByRole("button", { name: "Open menu" }).click();
    const nav = banner.getByRole("navigation", { name: device === "mobile" ? "Mobile" : "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "News",
      "Home",
      "Games",
      ...(device === "mobile" ? ["Sign In"] : []),
    ]);
    const overflow = await guest.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: document.documentElement.clientWidth,
    }));
    expect(overflow.page, `the header scrolls sideways (${theme} ${device})`).toBeLessThanOrEqual(
      overflow.screen,
    );
    await screenshot(guest, `navigation-header-${device}-${theme}.png`);
  }
});

// Axe differs by theme and width, so `npm test` goes through all four too; only `npm run
// screenshots` saves the pictures, in docs/screenshots (tests/support/screenshots.ts).
test("the settings tab and the studio's Home fit a desktop and a phone, light and dark, with no axe violations", {
  tag: SCREENSHOTS,
}, async ({ newContext, signedInAs }) => {
  const owner = await (await newContext({ baseURL: server.url })).newPage();
  await signedInAs("owner", owner, server.url);
  const guest = await (await newContext({ baseURL: server.url })).newPage();
  for (const { theme, device, viewport } of combinations(EVERY)) {
    const size = { width: viewport.width, height: viewport.height };
    for (const [who, address, name] of [
      [owner, "/admin/settings", "admin-settings"],
      [guest, "/", "settings-home"],
    ] as const) {
      await who.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
      await who.setViewportSize(size);
      await gotoHydrated(who, address);
      if (address !== "/")
        await expect(who.getByRole("heading", { name: "Preview" })).toBeVisible();
      await screenshot(who, `${name}-${device}-${theme}.png`, { fullPage: true });
      const overflow = await who.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        screen: document.documentElement.clientWidth,
      }));
      expect(overflow.page, `${address} scrolls sideways (${theme} ${device})`).toBeLessThanOrEqual(
        overflow.screen,
      );
      expect(await axeViolations(who), `${address} ${theme} ${device}`).toEqual([]);
    }
  }
});

test("with the studio's accent colour, the public pages have no axe violations in either theme", async ({
  newContext,
  allowConsoleMessage,
}) => {
  allowConsoleMessage(statusMessage(404));
  const guest = await (await newContext({ baseURL: server.url })).newPage();
  for (const theme of ["light", "dark"] as const) {
    await guest.emulateMedia({ colorScheme: theme, reducedMotion: "reduce" });
    for (const address of PUBLIC_PAGES) {
      await guest.goto(address);
      expect(await axeViolations(guest), `${address} ${theme}`).toEqual([]);
    }
  }
});

test("with a chosen heading font, the public pages ask no other origin for anything, fonts included", async ({
  newContext,
  allowConsoleMessage,
  signedInAs,
}) => {
  allowConsoleMessage(statusMessage(404));
  const owner = await (await newContext({ baseURL: server.url })).newPage();
  await signedInAs("owner", owner, server.url);
  await gotoHydrated(owner, "/admin/settings");
  await owner.getByLabel("Heading font").selectOption({ label: "Fraunces (serif)" });
  await owner.getByRole("button", { name: "Save settings" }).click();
  await expectToast(owner, "Settings saved");

  const guest = await (await newContext({ baseURL: server.url })).newPage();
  const requested: string[] = [];
  const fonts: { url: string; status: number }[] = [];
  guest.on("request", (request) => requested.push(request.url()));
  guest.on("response", (response) => {
    if (/\.woff2$/.test(response.url()))
      fonts.push({ url: response.url(), status: response.status() });
  });
  const site = new URL(server.url).origin;
  // Within the page cache's second the old Home may still be given: wait for the new font.
  await expect
    .poll(
      async () => {
        await guest.goto("/");
        return guest.evaluate(() =>
          getComputedStyle(document.querySelector("h1")!).fontFamily.includes("Fraunces"),
        );
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  for (const path of PUBLIC_PAGES) {
    await guest.goto(path);
    await guest.evaluate(() => document.fonts.ready.then(() => undefined));
  }
  const elsewhere = requested.filter((url) => /^https?:/.test(url) && new URL(url).origin !== site);
  expect(elsewhere).toEqual([]);
  // The font itself came from the site, and was there.
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font.url.startsWith(site) && /fraunces/i.test(font.url), font.url).toBe(true);
    expect(font.status, font.url).toBe(200);
  }
});
