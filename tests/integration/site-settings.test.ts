import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { siteSettings, staffAuditLog } from "../../app/db/schema";
import { createGame } from "../../app/games/games.server";
import { storeMedia } from "../../app/media/media.server";
import type { FormReply } from "../../app/platform/forms/submission.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { sharePageReads } from "../../app/platform/server/page-reads.server";
import * as root from "../../app/root";
import * as contact from "../../app/routes/contact";
import * as home from "../../app/routes/home";
import * as feed from "../../app/routes/news-feed";
import { seedDemo } from "../../app/runtime/demo.server";
import {
  FEATURED_GAME_GONE,
  PLACEHOLDER_NAME,
  type publicSite,
  settingsFormValues,
} from "../../app/settings";
import {
  exportSettings,
  importSettings,
  readPageSettings,
  readSettings,
  readSiteIcon,
} from "../../app/settings/index.server";
import { DEFAULT_SETTINGS } from "../../app/settings/settings-defaults";
import { request, signedInAs } from "../support/accounts";
import { openAdmin, postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { readOutbox } from "../support/outbox";
import { unwrap } from "../support/runtime";
import { openForSuite } from "../support/suite";

// The site settings (docs/product.md#site-settings): stored once, read on every request, written by
// admins and above through the one schema, neutral on a fresh install, moved with export/import.

type Signed = { id: string; email: string; cookie: string };

const form = (values: Record<string, string>) => ({
  intent: "settings-save",
  ...settingsFormValues(DEFAULT_SETTINGS),
  ...values,
});

const pngLogo = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: "#0b5a3c" } })
    .png()
    .toBuffer();

describe.each(testEngines())("site settings on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let admin: Signed;
  let moderator: Signed;
  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    admin = await signedInAs(context, "admin");
    moderator = await signedInAs(context, "moderator");
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate site_settings, staff_audit_log, news, games cascade`);
  });

  const runtime = () => context.get(runtimeContext);
  const rootData = async (cookie?: string) =>
    unwrap<{ site: ReturnType<typeof publicSite> }>(
      await root.loader({ request: request("/", { cookie }), context, params: {} } as never),
    ).body;

  it("a fresh install is neutral: a placeholder name, and no demo identity on pages or in the feed", async () => {
    const settings = await readSettings(handle.db);
    expect(settings.name).toBe(PLACEHOLDER_NAME);
    expect(settings.saved).toBe(false);
    const seen = JSON.stringify([
      await rootData(),
      await home.loader({ request: request("/"), context, params: {} } as never),
    ]);
    expect(seen).toContain(PLACEHOLDER_NAME);
    expect(seen).not.toMatch(/lanternfly|lisbon/i);
    const xml = await (
      (await feed.loader({
        request: request("/news/feed.xml"),
        context,
        params: {},
      } as never)) as Response
    ).text();
    expect(xml).toContain(`<title>${PLACEHOLDER_NAME} News</title>`);
    expect(xml).not.toMatch(/lanternfly/i);
  });

  it("the demo seed writes the demo studio, and never over a studio's own settings", async () => {
    expect((await seedDemo(handle.db)).settings).toBe(true);
    expect((await readSettings(handle.db)).name).toBe("Lanternfly Games");
    expect((await rootData()).site.socialLinks).toHaveLength(6);
    await postAdmin(context, form({ name: "Own Studio" }), admin.cookie);
    expect((await seedDemo(handle.db)).settings).toBe(false);
    expect((await readSettings(handle.db)).name).toBe("Own Studio");
  });

  it("an admin's save shows on the next request, is audited, and the next mail comes from the new sender", async () => {
    const saved = await postAdmin(
      context,
      form({
        name: "Moth & Lamp",
        heroText: "Tiny games about light.",
        accentColor: "#0B5A3C",
        socialLinks: "https://discord.gg/moth\nhttps://bsky.app/profile/moth.example",
        senderName: "Moth Mail",
        senderAddress: "post@moth.example",
        emailGeneral: "hello@moth.example",
      }),
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    const { site } = await rootData();
    expect(site.name).toBe("Moth & Lamp");
    expect(site.heroText).toBe("Tiny games about light.");
    expect(site.socialLinks.map((l) => l.platform)).toEqual(["discord", "bluesky"]);
    expect(site.themeCss).toContain("--primary:#0b5a3c");
    // The addresses and hours are /contact's alone: not in every page's root data.
    expect(site).not.toHaveProperty("emailGeneral");
    expect(site).not.toHaveProperty("hours");
    const shown = await contact.loader({
      request: request("/contact"),
      context,
      params: {},
    } as never);
    expect(shown).toMatchObject({ emailGeneral: "hello@moth.example", emailPress: "" });
    expect(shown.hours.length).toBeGreaterThan(0);
    const [entry] = await handle.db.select().from(staffAuditLog);
    expect(entry).toMatchObject({ action: "settings.update", actorId: admin.id });
    expect(entry?.details).toMatchObject({
      fields: expect.arrayContaining(["name", "accentColor"]),
    });

    await runtime().mailer.send({ to: "reader@example.com", subject: "Hello", text: "Hi" });
    const mail = readOutbox(path.join(runtime().env.DATA_DIR, "outbox")).at(-1);
    expect(mail?.from).toBe('"Moth Mail" <post@moth.example>');
    expect((await runtime().mailer.identity()).studioName).toBe("Moth & Lamp");
    // Press mails are answered at the press address, else the general one.
    expect((await runtime().mailer.identity()).pressAddress).toBe("hello@moth.example");
    await postAdmin(context, form({ emailPress: "press@moth.example" }), admin.cookie);
    expect((await runtime().mailer.identity()).pressAddress).toBe("press@moth.example");
  });

  it("a row changed behind the site's back shows at the next read; a read's settings cannot be changed by its caller", async () => {
    await handle.db
      .insert(siteSettings)
      .values({ id: 1, values: { ...DEFAULT_SETTINGS, name: "First Light" } });
    const first = await readSettings(handle.db);
    expect(first.name).toBe("First Light");
    expect((await readSettings(handle.db)).name).toBe("First Light");
    // Written by hand (a restore, another process's save): no save of this process's went through.
    await handle.db
      .update(siteSettings)
      .set({ values: { ...DEFAULT_SETTINGS, name: "Second Light", timeZone: "europe/lisbon" } });
    const second = await readSettings(handle.db);
    expect(second.name).toBe("Second Light");
    expect(second.timeZone).toBe("Europe/Lisbon");
    expect(first.name).toBe("First Light");
    // Every request shares what a text parsed to: a caller changing it fails loudly.
    expect(() => second.navigation.push({ label: "x", href: "/x" } as never)).toThrow(TypeError);
    await handle.db.execute(sql`delete from site_settings`);
    expect(await readSettings(handle.db)).toMatchObject({
      name: DEFAULT_SETTINGS.name,
      saved: false,
    });
  });

  it("a page's loaders share one read of the settings per GET; a form's request and the next page read afresh", async () => {
    const page = request("/");
    // Each loader is handed a copy of the request, as React Router does; the root's middleware
    // around them is what they share.
    await sharePageReads(
      { request: page, context, params: {}, url: new URL(page.url), pattern: "/" },
      async () => {
        const first = readPageSettings(new Request(page), context);
        expect(readPageSettings(new Request(page), context)).toBe(first);
        expect((await first).name).toBe(PLACEHOLDER_NAME);
        const post = request("/admin/settings", { form: { intent: "settings-save" } });
        expect(readPageSettings(post, context)).not.toBe(readPageSettings(post, context));
        return new Response();
      },
    );
    expect((await postAdmin(context, form({ name: "Moth & Lamp" }), admin.cookie)).status).toBe(
      200,
    );
    expect((await readPageSettings(request("/"), context)).name).toBe("Moth & Lamp");
  });

  it("a bad value gets its field's message and nothing is saved", async () => {
    for (const [field, value, message] of [
      ["accentColor", "#ffff66", /^Accent colour is too light/],
      ["socialLinks", "javascript:alert(1)", /https:\/\/ or http:\/\//],
      ["name", "x".repeat(200), /at most 80 characters/],
      ["emailGeneral", "nobody", /e-mail address/],
    ] as const) {
      const refused = await postAdmin(context, form({ [field]: value }), admin.cookie);
      expect(refused.status, field).toBe(400);
      expect((refused.body as FormReply).error?.[field]?.[0], field).toMatch(message);
    }
    expect(await handle.db.select().from(siteSettings)).toEqual([]);
    expect(await handle.db.select().from(staffAuditLog)).toEqual([]);
  });

  it("a featured game from the catalogue shows on Home; a game that is not one is refused", async () => {
    const game = await createGame(handle.db, {
      title: "Lantern Drift",
      description: "A small game about light.",
      imageUrl: "https://img.example/drift.png",
      status: "Coming Soon",
      url: "https://play.example/drift",
    });
    const gone = await postAdmin(
      context,
      form({ featuredGame: "00000000-0000-4000-8000-000000000000" }),
      admin.cookie,
    );
    expect(gone.status).toBe(409);
    expect((gone.body as FormReply).error?.featuredGame?.[0]).toBe(FEATURED_GAME_GONE);
    expect(await handle.db.select().from(siteSettings)).toEqual([]);
    const homeData = async () =>
      unwrap<{ featured: { game: { title: string } } | null }>(
        await home.loader({ request: request("/"), context, params: {} } as never),
      ).body;
    expect((await homeData()).featured).toBeNull();
    expect((await postAdmin(context, form({ featuredGame: game.id }), admin.cookie)).status).toBe(
      200,
    );
    expect((await homeData()).featured?.game.title).toBe("Lantern Drift");
    // Moved to another install, the id would name nothing there: it is not carried.
    const file = JSON.stringify(await exportSettings(runtime()));
    expect(file).toContain(game.id);
    await importSettings(runtime(), file);
    expect((await readSettings(handle.db)).featuredGame).toBe("");
  });

  it("a moderator can neither open the tab nor save, refused on the server", async () => {
    expect((await openAdmin(context, "/admin/settings", moderator.cookie)).status).toBe(302);
    const refused = await postAdmin(context, form({ name: "Taken over" }), moderator.cookie);
    expect(refused.status).toBe(403);
    expect(await handle.db.select().from(siteSettings)).toEqual([]);
    expect((await openAdmin(context, "/admin/settings", admin.cookie)).status).toBe(200);
  });

  it("a logo gives the favicon, touch icon and social image, made from it on save", async () => {
    const logo = await storeMedia(runtime(), await pngLogo(), admin.id);
    expect((await postAdmin(context, form({ logo: logo.id }), admin.cookie)).status).toBe(200);
    const { site } = await rootData();
    expect(site.icons.favicon).toBe(`/media/site/${logo.id}/icon-32.png`);
    expect(site.icons.ogImage).toBe(`/media/site/${logo.id}/og-image.png`);
    for (const [file, width, height] of [
      ["icon-32.png", 32, 32],
      ["apple-touch-icon.png", 180, 180],
      ["og-image.png", 1200, 630],
    ] as const) {
      const icon = await readSiteIcon(runtime().storage, logo.id, file);
      expect(await sharp(icon!).metadata(), file).toMatchObject({ format: "png", width, height });
    }
    expect(await readSiteIcon(runtime().storage, logo.id, "../secret")).toBeNull();
    const gone = await postAdmin(
      context,
      form({ logo: "00000000-0000-4000-8000-000000000000" }),
      admin.cookie,
    );
    expect(gone.status).toBe(400);
    expect((await readSettings(handle.db)).logo).toBe(logo.id);
  });

  it("export and import move the settings, logo included; a bad file changes nothing", async () => {
    const logo = await storeMedia(runtime(), await pngLogo(), admin.id);
    await postAdmin(
      context,
      form({ name: "Exported Studio", logo: logo.id, timeZone: "Europe/Lisbon" }),
      admin.cookie,
    );
    const file = JSON.stringify(await exportSettings(runtime()));
    expect(file).toContain('"logo":"data:image/webp;base64,');
    const before = await readSettings(handle.db);

    await handle.db.delete(siteSettings).where(eq(siteSettings.id, 1));
    const imported = await importSettings(runtime(), file);
    const after = await readSettings(handle.db);
    expect(after.logo).not.toBe(logo.id);
    expect({ ...after, logo: "" }).toEqual({ ...before, logo: "" });
    expect(imported.name).toBe("Exported Studio");
    expect(await readSiteIcon(runtime().storage, after.logo, "og-image.png")).not.toBeNull();

    const broken = JSON.parse(file);
    broken.settings.accentColor = "#ffffee";
    for (const bad of ["not json", "{}", JSON.stringify(broken)]) {
      await expect(importSettings(runtime(), bad)).rejects.toThrow(/^The file/);
    }
    expect(await readSettings(handle.db)).toEqual(after);
  });

  // Issue 36: the settings had no postal address for the newsletter's footer.
  it("keeps a postal address (lines folded, bad ones refused), warns the news editor until it is set, and moves it with export", async () => {
    const news = async () =>
      (
        (await openAdmin(context, "/admin/news", admin.cookie)).body as {
          mailing: { postalAddressMissing?: boolean };
        }
      ).mailing;
    expect((await news()).postalAddressMissing).toBe(true);

    for (const [value, message] of [
      ["Moth & Lamp\u0007\n1 Main St", /^Postal address must not contain control characters$/],
      ["x".repeat(301), /^Postal address must be at most 300 characters$/],
      [Array(7).fill("line").join("\n"), /^Postal address must be at most 6 lines$/],
    ] as const) {
      const refused = await postAdmin(context, form({ postalAddress: value }), admin.cookie);
      expect(refused.status).toBe(400);
      expect((refused.body as FormReply).error?.postalAddress?.[0]).toMatch(message);
    }
    expect(await handle.db.select().from(siteSettings)).toEqual([]);

    const saved = await postAdmin(
      context,
      form({ postalAddress: "  Moth & Lamp GmbH \r\n\r\nHafenstraße 1\n 20457  Hamburg\n" }),
      admin.cookie,
    );
    expect(saved.status).toBe(200);
    const address = "Moth & Lamp GmbH\nHafenstraße 1\n20457 Hamburg";
    expect((await readSettings(handle.db)).postalAddress).toBe(address);
    expect((await news()).postalAddressMissing).toBe(false);

    const file = JSON.stringify(await exportSettings(runtime()));
    await handle.db.delete(siteSettings).where(eq(siteSettings.id, 1));
    await importSettings(runtime(), file);
    expect((await readSettings(handle.db)).postalAddress).toBe(address);
  });
});
