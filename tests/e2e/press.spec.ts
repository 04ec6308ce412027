import path from "node:path";
import type { Page } from "@playwright/test";
import yauzl from "yauzl";
import yazl from "yazl";
import { axeViolations } from "../support/axe";
import { gotoHydrated, waitForHydration } from "../support/browser";
import { mailsIn, readOutbox } from "../support/outbox";
import { ROOT } from "../support/processes";
import {
  combinations,
  EVERY,
  LAYOUT,
  ONCE,
  SCREENSHOTS,
  screenshot,
  TAKING_SCREENSHOTS,
} from "../support/screenshots";
import { expectToast } from "../support/toasts";
import { uniqueId } from "../support/users";
import { DEMO_URL, expect, SCALE_URL, statusMessage, test } from "./fixtures";
import { solidImage } from "./profile-helpers";

// Press kits (docs/product.md#press-kit) as the press meets them: a guest reaches a game's kit from
// the game page and from /press, reads the fact sheet, downloads images.zip of the original uploads
// and prints the fact sheet on one page; an embargoed kit says until when and whom to ask until
// its signed link opens it.
// Each test adds its own game on the server with the long lists (see game-pages.spec.ts).
test.use({ baseURL: SCALE_URL, role: "developer" });
test.describe.configure({ timeout: 90_000 });

const headers = { Origin: SCALE_URL };

type Made = { id: string; slug: string; title: string; originals: Buffer[] };

/** A game with a key art and `shots` screenshots, added as the developer signed in in `page`. */
async function addGame(page: Page, label: string, shots = 2): Promise<Made> {
  const id = uniqueId();
  const originals = [
    await solidImage("png", { r: 20, g: 90, b: 160 }, 900),
    await solidImage("jpeg", { r: 200, g: 120, b: 40 }, 800),
    await solidImage("png", { r: 60, g: 160, b: 90 }, 700),
  ];
  // More screenshots, each its own colour, for the kit with a full gallery.
  for (let i = 2; i < shots; i++) {
    originals.push(await solidImage("png", { r: 30 + i * 20, g: 60, b: 200 - i * 15 }, 640));
  }
  const ids: string[] = [];
  for (const [i, buffer] of originals.entries()) {
    const type = i === 1 ? "image/jpeg" : "image/png";
    const upload = await page.request.post("/media/upload", {
      multipart: {
        file: { name: `picture-${i}.${i === 1 ? "jpg" : "png"}`, mimeType: type, buffer },
      },
      headers,
    });
    expect(upload.status()).toBe(200);
    ids.push((await upload.json()).media.id);
  }
  const gallery = [
    { image: ids[1], alt: "The harbour at dusk" },
    { image: ids[2], alt: "The lighthouse stairs" },
    ...ids.slice(3).map((image, i) => ({ image, alt: `The harbour, view ${i + 3}` })),
  ];
  const title = `${label} ${id}`;
  const created = await page.request.post("/api/v1/games", {
    headers,
    data: {
      title,
      description: `A lantern game for the press (${id}).`,
      imageUrl: "",
      status: "Coming Soon",
      url: `https://example.com/${id}`,
      slug: `press-${label.toLowerCase()}-${id}`,
      platforms: ["Windows", "Nintendo Switch"],
      storeLinks: [{ url: "https://store.steampowered.com/app/480/" }],
      keyArt: ids[0],
      keyArtAlt: "The lantern over the harbour",
      gallery,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const game = (await created.json()) as { id: string; slug: string };
  return { id: game.id, slug: game.slug, title, originals };
}

async function saveKit(page: Page, gameId: string, values: Record<string, string>) {
  const saved = await page.request.post("/admin/press", {
    headers,
    form: { intent: "press-save", gameId, logos: "[]", listed: "on", ...values },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function entriesOf(data: Buffer): Promise<Buffer[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
  );
  const found: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("end", resolve);
    zip.on("entry", (entry: yauzl.Entry) =>
      zip.openReadStream(entry, async (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk));
        found.push(Buffer.concat(chunks));
        zip.readEntry();
      }),
    );
    zip.readEntry();
  });
  return found;
}

/** The pages of a PDF, by its page objects. */
const pageCount = (pdf: Buffer) =>
  (pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

/** A vector logo, as press kits ship them. */
const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60" viewBox="0 0 240 60"><rect width="240" height="60" fill="#1d4e89"/><circle cx="30" cy="30" r="18" fill="#f5c542"/></svg>',
);

test("a guest finds the kit from the game page and /press, downloads the originals and prints one page", async ({
  page,
  browser,
}) => {
  const game = await addGame(page, "Kit");
  const logo = await page.request.post("/media/upload", {
    multipart: {
      file: { name: "wordmark.svg", mimeType: "image/svg+xml", buffer: SVG_LOGO },
      purpose: "press-logo",
    },
    headers,
  });
  expect(logo.status(), await logo.text()).toBe(200);
  // Eight features, more than the printed sheet shows, each a full line.
  const features = Array.from(
    { length: 8 },
    (_, i) => `Feature ${i + 1}: light as a map, rain that matters, a harbour that remembers you`,
  );
  await saveKit(page, game.id, {
    prices: "USD | $9.99\nEUR | €8.99",
    languages: "English, Français",
    monetization: "allowed",
    features: features.join("\n"),
    quotes: "A small wonder. | Ada Critic | Lantern Weekly | https://example.com/review",
    logos: JSON.stringify([{ image: (await logo.json()).media.id, alt: "Kit wordmark" }]),
  });
  const guest = await (await browser.newContext({ baseURL: SCALE_URL })).newPage();
  await guest.goto(`/games/${game.slug}`);
  await guest.getByRole("link", { name: "Press kit" }).click();
  await expect(guest).toHaveURL(new RegExp(`/press/${game.slug}$`));
  const sheet = guest.locator(".press-fact-sheet");
  await expect(sheet.getByText("$9.99 (USD) · €8.99 (EUR)")).toBeVisible();
  await expect(
    sheet.getByText("You may stream, publish and monetize videos of this game."),
  ).toBeVisible();
  await expect(sheet.getByRole("link", { name: "Steam" })).toBeVisible();

  await guest.goto("/press");
  await guest.getByRole("link", { name: `${game.title}: press kit` }).click();
  await expect(guest).toHaveURL(new RegExp(`/press/${game.slug}$`));

  const [download] = await Promise.all([
    guest.waitForEvent("download"),
    guest.getByRole("link", { name: "images.zip" }).click(),
  ]);
  const zipped = await entriesOf(
    Buffer.from(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c))),
  );
  expect(zipped).toHaveLength(3);
  for (const original of game.originals) {
    expect(zipped.some((entry) => entry.equals(original))).toBe(true);
  }

  // The SVG logo is downloaded as itself, never shown: the page shows its WebP.
  const original = await guest.request.get(`/press/${game.slug}/files/logo-01`);
  expect(original.headers()["content-disposition"]).toBe('attachment; filename="logo-01.svg"');
  expect(original.headers()["content-security-policy"]).toContain("sandbox");
  expect((await original.body()).equals(SVG_LOGO)).toBe(true);

  await guest.emulateMedia({ media: "print" });
  await expect(guest.getByRole("heading", { name: "Screenshots" })).toBeHidden();
  await expect(sheet).toBeVisible();
  // The printed sheet opens with the logo, key art, description, first features and a quote.
  const wordmark = sheet.getByRole("img", { name: "Kit wordmark" });
  await expect(wordmark).toBeVisible();
  expect(await wordmark.getAttribute("src")).toMatch(/\.webp/);
  await expect(sheet.getByRole("img", { name: "The lantern over the harbour" })).toBeVisible();
  await expect(sheet.getByText(`A lantern game for the press`)).toBeVisible();
  await expect(sheet.getByText(features[4]!)).toBeVisible();
  await expect(sheet.getByText(features[5]!)).toHaveCount(0);
  await expect(sheet.getByText("“A small wonder.”")).toBeVisible();
  for (const format of ["A4", "Letter"] as const) {
    expect(pageCount(await guest.pdf({ format })), format).toBe(1);
  }
});

test("an embargoed kit tells guests until when and whom to ask, and opens through its signed link until it expires", {
  tag: SCREENSHOTS,
}, async ({ page, browser, allowConsoleMessage }) => {
  allowConsoleMessage(statusMessage(403));
  allowConsoleMessage(statusMessage(404));
  const game = await addGame(page, "Embargo");
  await saveKit(page, game.id, { embargoUntil: "2099-01-01T00:00" });
  await gotoHydrated(page, `/admin/press?kit=${game.slug}`);
  const link = await page.getByLabel(/Signed link/).inputValue();
  expect(link).toContain(`/press/${game.slug}?expires=`);

  const context = await browser.newContext({ baseURL: SCALE_URL });
  const guest = await context.newPage();
  expect((await guest.goto(`/press/${game.slug}`))?.status()).toBe(403);
  await expect(
    guest.getByRole("heading", { level: 1, name: "Press kit under embargo" }),
  ).toBeVisible();
  await expect(guest.getByTestId("embargo-notice")).toHaveText(
    // The kit's time (entered in UTC), shown in the studio's zone, named.
    /^This press kit is under embargo until (December 31, 2098|January 1, 2099) \d{1,2}:\d{2} [AP]M \([^)]+\); ask the studio for access\.$/,
  );
  await expect(guest.getByRole("heading", { name: game.title })).toHaveCount(0);
  for (const { theme, device, viewport } of combinations(ONCE)) {
    await guest.emulateMedia({ colorScheme: theme });
    await guest.setViewportSize({ width: viewport.width, height: viewport.height });
    expect(await axeViolations(guest)).toEqual([]);
    await screenshot(guest, `press-embargo-${device}-${theme}.png`);
  }
  expect((await guest.goto(`/press/${game.slug}/images.zip`))?.status()).toBe(404);
  expect((await guest.goto(link))?.status()).toBe(200);
  await expect(guest.getByRole("heading", { name: game.title })).toBeVisible();
  // Fifteen days on (the test clock of FAULT_INJECTION): the link has expired.
  await context.addCookies([
    {
      name: "studio_clock",
      value: new Date(Date.now() + 15 * 86_400_000).toISOString(),
      url: SCALE_URL,
    },
  ]);
  expect((await guest.goto(link))?.status()).toBe(403);
});

/** The outbox of the server with the long lists (playwright.config.ts: its DATA_DIR). */
const SCALE_OUTBOX = path.join(ROOT, `test-results/data-${new URL(DEMO_URL).port}/scale/outbox`);

test("a journalist with an embargoed kit's link requests a key; the studio and the journalist are mailed; the key names the embargo", async ({
  page,
  browser,
}) => {
  const game = await addGame(page, "Reveal");
  await saveKit(page, game.id, { embargoUntil: "2099-01-01T00:00" });
  await gotoHydrated(page, `/admin/press?kit=${game.slug}`);
  const link = await page.getByLabel(/Signed link/).inputValue();

  // The journalist opens the kit through the link and asks for a key in its form.
  const context = await browser.newContext({ baseURL: SCALE_URL });
  const journalist = await context.newPage();
  await gotoHydrated(journalist, link);
  const id = uniqueId();
  const email = `critic-${id}@outlet.example`;
  const outlet = `Outlet ${id}`;
  const form = journalist.locator("form").filter({ hasText: "Request a key" });
  await form.getByLabel("Name").fill("Ren Critic");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Outlet", { exact: true }).fill(outlet);
  await form.getByLabel("Outlet URL").fill("https://outlet.example/reviews");
  await form.getByLabel("Audience or channel").fill("Weekly reviews");
  await form.getByLabel("Platform").selectOption("Nintendo Switch");
  await form.getByLabel("Message").fill("For our review at the embargo.");
  await form.getByRole("button", { name: "Request a key" }).click();
  await expect(form.getByRole("status")).toBeVisible();
  await context.close();

  // The requester has a receipt; the studio's press address has the request, replying to them.
  const receipt = mailsIn(SCALE_OUTBOX, email);
  expect(receipt.map((mail) => mail.subject)).toEqual([
    `We received your key request for ${game.title}`,
  ]);
  const told = readOutbox(SCALE_OUTBOX).filter(
    (mail) => mail.to === "press@lanternfly.games" && mail.text.includes(outlet),
  );
  expect(told).toHaveLength(1);
  expect(told[0]!.headers["reply-to"]).toContain(email);

  // Staff import a key and send it: the mail states the kit's embargo, not "no embargo".
  const key = `E2E-${id}-REVEAL`;
  await gotoHydrated(page, "/admin/keys");
  await page.getByLabel("Game").first().selectOption({ label: game.title });
  await page.getByLabel("Platform").first().fill("Nintendo Switch");
  await page.getByLabel(/^Keys/).fill(`${key}\n`);
  await page.getByRole("button", { name: "Import keys" }).click();
  await expectToast(page, "1 key imported.");
  const request = page.getByTestId("key-request").filter({ hasText: outlet });
  await request.getByRole("button", { name: "Send key" }).click();
  await expectToast(page, "Key sent.");
  const keyMail = () => mailsIn(SCALE_OUTBOX, email).filter((mail) => mail.text.includes(key));
  await expect.poll(() => keyMail().length).toBe(1);
  expect(keyMail()[0]!.text).toMatch(/Embargo: please publish nothing before .*2099/);
  expect(keyMail()[0]!.text).not.toContain("There is no embargo");
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the press pages, a kit with ten screenshots too, have no axe violations (${colorScheme})`, async ({
    page,
  }) => {
    const game = await addGame(page, `Axe${colorScheme}`, 10);
    await saveKit(page, game.id, {
      credits: "Ada | Design | https://example.com",
      awards: "Best lantern | Harbour Fest",
    });
    const guest = await (
      await page.context().browser()!.newContext({ baseURL: SCALE_URL })
    ).newPage();
    await guest.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    for (const path of ["/press", `/press/${game.slug}`]) {
      expect((await guest.goto(path))?.status()).toBe(200);
      if (path !== "/press") {
        await expect(
          guest.getByRole("region", { name: "Screenshots" }).getByRole("listitem"),
        ).toHaveCount(10);
      }
      expect(await axeViolations(guest), path).toEqual([]);
    }
  });
}

// Each width once in `npm test` (the desktop light, the phone dark): nothing wider than the screen.
// `npm run screenshots` goes through both themes at both widths and saves the pictures, the printed
// fact sheet too, in docs/screenshots (tests/support/screenshots.ts).
test("screenshots: /press, a game's kit and its printed fact sheet, light and dark, 1280 and 390 px", {
  tag: SCREENSHOTS,
}, async ({ page, browser }) => {
  const game = await addGame(page, "Shots");
  await saveKit(page, game.id, {
    developer: "Lanternfly Games",
    publisher: "Harbour Press",
    releaseDates: "Windows | 2027-03-14\nNintendo Switch | TBA",
    prices: "USD | $14.99\nEUR | €13.99\nGBP | £11.99",
    languages: "English, Français, Deutsch, 日本語",
    contentWarnings: "Mild peril; flashing lights in one storm.",
    monetization: "non-commercial",
    history:
      "Began as a weekend jam about light and water, and grew because players asked for more.",
    features:
      "A lantern whose light is the map\nRain that changes the harbour\nA keeper who remembers",
    awards: "Best small game | Harbour Fest 2026",
    quotes:
      "Quietly the warmest game of the year. | Ada Critic | Lantern Weekly | https://example.com/r",
    credits: "Ada Example | Design, code | https://example.com\nSam Sample | Music",
  });
  const guest = await (await browser.newContext({ baseURL: SCALE_URL })).newPage();
  for (const { theme: colorScheme, device: name, viewport } of combinations(LAYOUT)) {
    const { width } = viewport;
    await guest.emulateMedia({ colorScheme, media: "screen" });
    await guest.setViewportSize({ width, height: 900 });
    for (const [view, url] of [
      ["studio", "/press"],
      ["game", `/press/${game.slug}`],
    ] as const) {
      await guest.goto(url);
      await waitForHydration(guest);
      const overflow = await guest.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${view} ${name} ${colorScheme}: horizontal overflow`).toBe(0);
      await screenshot(guest, `press-${view}-${name}-${colorScheme}.png`, { fullPage: true });
    }
    if (TAKING_SCREENSHOTS) {
      await guest.emulateMedia({ colorScheme, media: "print" });
      await screenshot(guest, `press-fact-sheet-print-${name}-${colorScheme}.png`, {
        fullPage: true,
      });
    }
  }
});

// Axe differs by theme and width: `npm test` goes through all four combinations too.
test("the Press Kits tab shows the kit's state, counts and signed link, axe-clean (screenshots)", {
  tag: SCREENSHOTS,
}, async ({ page }) => {
  const game = await addGame(page, "Desk");
  await saveKit(page, game.id, { embargoUntil: "2099-01-01T00:00", prices: "USD | $4.99" });
  await page.request.get(`/press/${game.slug}/images.zip`, { headers });
  for (const { theme: colorScheme, device: name, viewport } of combinations(EVERY)) {
    const { width } = viewport;
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, `/admin/press?kit=${game.slug}`);
    await expect(
      page.getByRole("link", {
        name: new RegExp(`${game.title}.*Embargoed until January 1, 2099 12:00 AM \\(`),
      }),
    ).toBeVisible();
    await expect(page.getByRole("row", { name: "images.zip 1" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `press-admin-${name}-${colorScheme}.png`, { fullPage: true });
  }
  // Revoke all links, as staff do it: asked first, then the link given before no longer opens the
  // kit and the tab shows a new one that does.
  const given = await page.getByLabel(/Signed link/).inputValue();
  await page.getByRole("button", { name: "Revoke all links" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Links already sent stop opening the kit");
  await dialog.getByRole("button", { name: "Revoke all links" }).click();
  await expect(page.getByText("Every earlier signed link is revoked")).toBeVisible();
  await expect(page.getByLabel(/Signed link/)).not.toHaveValue(given);
  const fresh = await page.getByLabel(/Signed link/).inputValue();
  const guest = await page.context().browser()!.newContext();
  // The kit is still under embargo: the link given before opens only the notice.
  expect((await guest.request.get(given)).status()).toBe(403);
  expect((await guest.request.get(fresh)).status()).toBe(200);
  await guest.close();
});

/** A presskit() game folder, zipped: its data.xml and one screenshot. */
async function presskitZip(title: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<game>
  <title>${title}</title>
  <website>https://example.com/imported</website>
  <description>Imported from a presskit() folder.</description>
  <features><feature>Packed in a zip</feature></features>
</game>`;
  zip.addBuffer(Buffer.from(xml), "kit/data.xml");
  zip.addBuffer(await solidImage("png", { r: 90, g: 40, b: 120 }, 640), "kit/images/shot-1.png");
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

test("the Press Kits tab imports a presskit() zip: a refusal under the field, then the kit (screenshots)", {
  tag: SCREENSHOTS,
}, async ({ page, allowConsoleMessage }) => {
  // The refused zip's answer.
  allowConsoleMessage(statusMessage(422));
  // The file's developer: a new game needs the game permission as well as the press one (an
  // admin's import takes a kit's own fields only: tests/integration/press-kits.test.ts).
  await gotoHydrated(page, "/admin/press");
  const form = page.locator("form#presskit-import");
  const field = form.getByLabel("presskit() zip");
  // No zip chosen: the browser's check, before anything is sent.
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByText("Choose a presskit() zip to import.")).toBeVisible();
  // A file that only calls itself a zip: the server's refusal, under the field.
  await field.setInputFiles({
    name: "kit.zip",
    mimeType: "application/zip",
    buffer: Buffer.from("not a zip at all"),
  });
  await form.getByRole("button", { name: "Import" }).click();
  await expect(form.getByText("The file is not a zip archive.")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");

  const title = `Imported ${uniqueId()}`;
  await field.setInputFiles({
    name: "kit.zip",
    mimeType: "application/zip",
    buffer: await presskitZip(title),
  });
  await form.getByRole("button", { name: "Import" }).click();
  await expectToast(page, `${title} imported`, /press kit: \/press\//);
  await expect(form.getByText("The file is not a zip archive.")).toBeHidden();
  const kit = page.getByRole("navigation", { name: "Press kits" }).getByRole("link", {
    name: new RegExp(title),
  });
  await expect(kit).toBeVisible();
  await kit.click();
  await expect(page.getByRole("heading", { name: `Press kit: ${title}` })).toBeVisible();

  // Axe differs by theme and width: `npm test` goes through all four combinations too.
  for (const { theme: colorScheme, device: name, viewport } of combinations(EVERY)) {
    const { width } = viewport;
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/admin/press");
    await form.getByRole("button", { name: "Import" }).click();
    await expect(form.getByText("Choose a presskit() zip to import.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `press-import-${name}-${colorScheme}.png`, { fullPage: true });
  }
});
