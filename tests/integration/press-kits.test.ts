import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import yauzl from "yauzl";
import yazl from "yazl";
import type { DatabaseHandle } from "../../app/db/database.server";
import { games, media, pressKits, siteSettings, staffAuditLog } from "../../app/db/schema";
import { storeMedia } from "../../app/media/index.server";
import { imageSrc, imageSrcset, type MediaImage } from "../../app/media/media-limits";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { bodyLimitFor } from "../../app/platform/server/request-limits.server";
import { PRESSKIT_UPLOAD_MAX_BYTES } from "../../app/press";
import {
  downloadCounts,
  importPresskit,
  loadPressTab,
  parsePresskitXml,
  readKit,
  readPresskitFolder,
  readPresskitZip,
  saveKit,
  signKitLink,
} from "../../app/press/index.server";
import { EMBARGO_RULE, kitFormValues } from "../../app/press/kit-form";
import * as mediaRoute from "../../app/routes/media";
import * as uploadRoute from "../../app/routes/media-upload";
import * as pressFile from "../../app/routes/press-file";
import * as pressGame from "../../app/routes/press-game";
import * as legacy from "../../app/routes/presskit-legacy";
import { outcome, request, signedInAs } from "../support/accounts";
import { postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { withClientIp } from "../support/runtime";
import { openForSuite } from "../support/suite";

// Press kits (docs/product.md#press-kit): presskit() folders imported and exported whole, refusals
// that change nothing, embargoed and unlisted kits, zips of the original uploads, the editor's guard.

const FIXTURES = path.join(__dirname, "../fixtures/presskit");
const fixture = (name: string) => path.join(FIXTURES, name);

async function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk));
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.readEntry();
  });
  return entries;
}

async function zipOf(files: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of Object.entries(files)) {
    zip.addBuffer(Buffer.from(body), name, { mtime: new Date(0) });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function tempFolder(xml: string, images: Record<string, Buffer | string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "presskit-"));
  fs.writeFileSync(path.join(dir, "data.xml"), xml);
  fs.mkdirSync(path.join(dir, "images"));
  for (const [name, body] of Object.entries(images))
    fs.writeFileSync(path.join(dir, "images", name), body);
  return dir;
}

describe.each(testEngines())("press kits on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let admin: { cookie: string };
  let developer: { cookie: string };
  let moderator: { cookie: string };
  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    admin = await signedInAs(context, "admin");
    developer = await signedInAs(context, "developer");
    moderator = await signedInAs(context, "moderator");
  });
  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate press_kits, press_downloads, games, media, staff_audit_log cascade`,
    );
  });

  const runtime = () => context.get(runtimeContext);
  const importFixture = async (name: string) =>
    importPresskit(runtime(), await readPresskitFolder(fixture(name)), { actor: null });
  const totals = async () => ({
    games: (await handle.db.select({ n: count() }).from(games))[0]?.n,
    media: (await handle.db.select({ n: count() }).from(media))[0]?.n,
    kits: (await handle.db.select({ n: count() }).from(pressKits))[0]?.n,
  });
  const auditEntries = async () =>
    (await handle.db.select({ n: count() }).from(staffAuditLog))[0]?.n;
  const download = (pathname: string, cookie?: string) =>
    outcome(() =>
      pressFile.loader({ request: request(pathname, { cookie }), context, params: {} } as never),
    );
  const fetchFile = async (pathname: string) =>
    (await pressFile.loader({
      request: request(pathname),
      context,
      params: {},
    } as never)) as Response;
  /** The Press Kits tab's import form, posted as the browser does (multipart, the zip a file). */
  const postZip = (zip: Buffer | null, fields: Record<string, string>, cookie?: string) =>
    postAdmin(
      context,
      {
        intent: "presskit-import",
        ...(zip ? { zip: new File([new Uint8Array(zip)], "kit.zip") } : {}),
        ...fields,
      },
      cookie,
      "press",
    );
  const richZip = () => {
    const dir = fixture("rich-game");
    return zipOf({
      "rich/data.xml": fs.readFileSync(path.join(dir, "data.xml")),
      "rich/images/logo.png": fs.readFileSync(path.join(dir, "images/logo.png")),
      "rich/images/shot-a.png": fs.readFileSync(path.join(dir, "images/shot-a.png")),
    });
  };
  const openPage = (pathname: string, cookie?: string) =>
    outcome(() =>
      pressGame.loader({
        request: request(pathname, { cookie }),
        context,
        params: { slug: new URL(pathname, "http://x").pathname.split("/")[2] },
      } as never),
    );

  it.each(["template-game", "rich-game"])(
    "imports %s into a game and its kit, and exports every field back",
    async (name) => {
      const { game, created } = await importFixture(name);
      expect(created).toBe(true);
      const source = parsePresskitXml(
        fs.readFileSync(path.join(fixture(name), "data.xml"), "utf8"),
      );
      const exported = await fetchFile(`/press/${game.slug}/data.xml`);
      expect(exported.status).toBe(200);
      expect(parsePresskitXml(await exported.text())).toEqual(source);
    },
  );

  it("puts presskit()'s pictures where they belong: header as key art, logos, the rest as screenshots", async () => {
    const { game, kit } = await importFixture("template-game");
    expect(game.keyArt).toBeTruthy();
    expect(game.gallery).toHaveLength(2);
    expect(kit.data.logos).toHaveLength(2);
    expect(game.platforms).toEqual(["Windows / Linux", "Steam"]);
    expect(game.trailerUrl).toBe("https://www.youtube.com/watch?v=aBcDeFgHiJk");
    // The page gets its trailers parsed (the browser loads no link parser): the game's, and the
    // kit's video once, which is the same one.
    const shown = (await openPage(`/press/${game.slug}`)).body as Record<string, unknown>;
    expect(shown.trailers).toEqual([
      {
        name: "Trailer",
        trailer: {
          provider: "youtube",
          id: "aBcDeFgHiJk",
          embedUrl: "https://www.youtube-nocookie.com/embed/aBcDeFgHiJk",
          watchUrl: "https://www.youtube.com/watch?v=aBcDeFgHiJk",
        },
      },
    ]);
    expect(shown).not.toHaveProperty("trailer");
  });

  it("images.zip and logos.zip hold the original uploads, and each download is counted", async () => {
    const { game, kit } = await importFixture("template-game");
    const images = await unzip(
      Buffer.from(await (await fetchFile(`/press/${game.slug}/images.zip`)).arrayBuffer()),
    );
    const original = (file: string) =>
      fs.readFileSync(path.join(fixture("template-game"), "images", file));
    expect([...images.keys()].sort()).toEqual([
      "key-art.png",
      "screenshot-01.png",
      "screenshot-02.jpg",
    ]);
    expect(images.get("key-art.png")?.equals(original("header.png"))).toBe(true);
    expect(images.get("screenshot-01.png")?.equals(original("shot-1.png"))).toBe(true);
    expect(images.get("screenshot-02.jpg")?.equals(original("shot-2.jpg"))).toBe(true);
    const logos = await unzip(
      Buffer.from(await (await fetchFile(`/press/${game.slug}/logos.zip`)).arrayBuffer()),
    );
    expect([...logos.values()].some((data) => data.equals(original("logo.png")))).toBe(true);
    const single = await fetchFile(`/press/${game.slug}/files/screenshot-01`);
    expect(Buffer.from(await single.arrayBuffer()).equals(original("shot-1.png"))).toBe(true);
    expect(await downloadCounts(handle.db, kit.id)).toEqual({
      "images.zip": 1,
      "logos.zip": 1,
      "screenshot-01": 1,
    });
  });

  it("a game kit without logos offers the studio's logo in logos.zip, and no logos.zip when the studio has none either", async () => {
    const { game, kit } = await importFixture("template-game");
    await saveKit(
      handle.db,
      game.id,
      { listed: true, embargoUntil: null, data: { ...kit.data, logos: [] } },
      null,
    );
    const page = `/press/${game.slug}`;
    // Nothing to put in it: the address is a 404, and the page shows no logo.
    expect((await download(`${page}/logos.zip`)).status).toBe(404);
    expect((await openPage(page)).body).toMatchObject({ logos: [] });
    const logo = fs.readFileSync(path.join(fixture("template-game"), "images", "logo.png"));
    const stored = await storeMedia(runtime(), logo, null);
    const values = { name: "Harbour Lights", logo: stored.id };
    await handle.db
      .insert(siteSettings)
      .values({ id: 1, values })
      .onConflictDoUpdate({ target: siteSettings.id, set: { values } });
    try {
      const logos = await unzip(
        Buffer.from(await (await fetchFile(`${page}/logos.zip`)).arrayBuffer()),
      );
      expect([...logos.keys()]).toEqual(["studio-logo.png"]);
      expect(logos.get("studio-logo.png")?.equals(logo)).toBe(true);
      const shown = (await openPage(page)).body as { logos: { name: string; alt: string }[] };
      expect(shown.logos.map(({ name, alt }) => ({ name, alt }))).toEqual([
        { name: "studio-logo", alt: "Harbour Lights logo" },
      ]);
    } finally {
      await handle.db.delete(siteSettings);
    }
  });

  /** POST /media/upload as the kit editor sends it: the file, and the logo's purpose when asked. */
  const uploadLogo = async (cookie: string, data: Buffer, purpose?: string) => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(data)], "logo.svg", { type: "image/svg+xml" }));
    if (purpose) form.set("purpose", purpose);
    const encoded = new Request("http://localhost:3000/media/upload", {
      method: "POST",
      body: form,
    });
    const body = await encoded.arrayBuffer();
    const headers = new Headers({
      Origin: "http://localhost:3000",
      Accept: "application/json",
      Cookie: cookie,
      "Content-Type": encoded.headers.get("Content-Type")!,
      "Content-Length": String(body.byteLength),
    });
    const request = new Request("http://localhost:3000/media/upload", {
      method: "POST",
      headers,
      body,
    });
    return outcome(() => uploadRoute.action({ request, context, params: {} } as never));
  };
  const svgLogo = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50" viewBox="0 0 200 50"><rect width="200" height="50" fill="#c33"/><text x="10" y="32">Moth</text></svg>\n',
  );

  it("takes an SVG logo for a kit: pages show it as WebP, its download is the SVG as an attachment under a sandbox", async () => {
    const uploaded = await uploadLogo(admin.cookie, svgLogo, "press-logo");
    expect(uploaded.status).toBe(200);
    const { media: logo } = uploaded.body as { media: { id: string; image: MediaImage } };
    expect(imageSrc(logo.image)).toBe(`/media/${logo.id}/1600.webp`);
    // Anywhere else (a news cover, a screenshot) an SVG stays refused.
    expect(await uploadLogo(admin.cookie, svgLogo)).toMatchObject({ status: 422 });
    const { game, kit } = await importFixture("template-game");
    const logos = [{ image: logo.id, alt: "Lantern Moth wordmark" }];
    await saveKit(
      handle.db,
      game.id,
      { listed: true, embargoUntil: null, data: { ...kit.data, logos } },
      null,
    );
    const shown = (await openPage(`/press/${game.slug}`)).body as {
      logos: { image: MediaImage }[];
    };
    expect(imageSrc(shown.logos[0]!.image)).toMatch(/\/1600\.webp$/);
    expect(imageSrcset(shown.logos[0]!.image)).not.toContain(".svg");
    const file = await fetchFile(`/press/${game.slug}/files/logo-01`);
    expect(file.status).toBe(200);
    expect(Object.fromEntries(file.headers)).toMatchObject({
      "content-type": "image/svg+xml",
      "content-disposition": 'attachment; filename="logo-01.svg"',
      "content-security-policy": "default-src 'none'; sandbox",
      "x-content-type-options": "nosniff",
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(svgLogo)).toBe(true);
    const zip = await unzip(
      Buffer.from(await (await fetchFile(`/press/${game.slug}/logos.zip`)).arrayBuffer()),
    );
    expect(zip.get("logo-01.svg")?.equals(svgLogo)).toBe(true);
  });

  it.each([
    [
      "a script",
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      "This SVG contains scripts, event handlers or embedded content and was refused.",
    ],
    [
      "an event handler",
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>',
      "This SVG contains scripts, event handlers or embedded content and was refused.",
    ],
    [
      "malformed XML",
      '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>',
      "This SVG is not well-formed XML.",
    ],
    [
      "HTML",
      "<html><body>logo</body></html>",
      "This file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF file.",
    ],
  ])("refuses a kit logo with %s, storing nothing", async (_, text, error) => {
    const before = await totals();
    expect(await uploadLogo(admin.cookie, Buffer.from(text), "press-logo")).toMatchObject({
      status: 422,
      body: { ok: false, error },
    });
    expect(await totals()).toEqual(before);
  });

  // Each GET or HEAD was counted: anyone could inflate the figures staff read.
  it("a download counts once per address and file a day, and a HEAD never, nor builds a zip", async () => {
    const { game, kit } = await importFixture("template-game");
    const from = (clientIp: string) => withClientIp(context, clientIp);
    const get = async (pathname: string, by: AppContext = context, method = "GET") => {
      const answer = (await pressFile.loader({
        request: new Request(`http://localhost:3000${pathname}`, { method }),
        context: by,
        params: {},
      } as never)) as Response;
      // A GET's body read to its end, as a client does (a streamed download holds its place until then).
      if (method === "GET") await answer.arrayBuffer();
      return answer;
    };
    for (let i = 0; i < 5; i++) await get(`/press/${game.slug}/images.zip`);
    await get(`/press/${game.slug}/data.xml`);
    await get(`/press/${game.slug}/data.xml`);
    await get(`/press/${game.slug}/images.zip`, from("198.51.100.20"));
    // Another address in the same IPv6 /64 is the same address.
    await get(`/press/${game.slug}/files/screenshot-01`, from("2001:db8:1:2::1"));
    await get(`/press/${game.slug}/files/screenshot-01`, from("2001:db8:1:2::ffff"));
    expect(await downloadCounts(handle.db, kit.id)).toEqual({
      "images.zip": 2,
      "data.xml": 1,
      "screenshot-01": 1,
    });
    // A HEAD from a new address: the headers of the download, no count, and no zip built.
    const reads = [vi.spyOn(runtime().storage, "get"), vi.spyOn(runtime().storage, "read")];
    const writes = [vi.spyOn(runtime().storage, "put"), vi.spyOn(runtime().storage, "putStream")];
    const head = await get(`/press/${game.slug}/logos.zip`, from("198.51.100.21"), "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Type")).toBe("application/zip");
    expect(head.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${game.slug}-logos.zip"`,
    );
    expect(await head.arrayBuffer()).toHaveProperty("byteLength", 0);
    for (const spy of [...reads, ...writes]) {
      expect(spy).not.toHaveBeenCalled();
      spy.mockRestore();
    }
    expect(await downloadCounts(handle.db, kit.id)).not.toHaveProperty("logos.zip");
  });

  it.each([
    [
      "billion laughs",
      '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><game><title>&b;</title></game>',
      {},
    ],
    ["malformed XML", "<game><title>Broken</game>", {}],
    [
      "an image that is not one",
      "<game><title>Fake</title><website>https://x.example</website></game>",
      { "shot.png": "not a picture" },
    ],
    [
      "a game the site refuses",
      "<game><title>No link</title><website>ftp://x.example</website></game>",
      {},
    ],
  ])("refuses %s with a sentence and changes nothing", async (_, xml, images) => {
    const before = await totals();
    const source = await readPresskitFolder(tempFolder(xml, images));
    await expect(importPresskit(runtime(), source, { actor: null })).rejects.toThrow(/\w+ .*\./);
    expect(await totals()).toEqual(before);
  });

  it("a write that fails after the game is stored leaves nothing behind: no game, kit or picture", async () => {
    const before = { ...(await totals()), audit: await auditEntries() };
    // The kit's row is refused by the database itself, after the game's row was written.
    await handle.db.execute(
      sql.raw(`create function refuse_kit() returns trigger language plpgsql as
        $$ begin raise exception 'kit refused for the test'; end $$`),
    );
    await handle.db.execute(
      sql.raw(`create trigger refuse_kit before insert on press_kits
        for each row execute function refuse_kit()`),
    );
    try {
      // The database's refusal, as the query that met it (insert into "press_kits" …).
      await expect(importFixture("template-game")).rejects.toThrow(/press_kits/);
    } finally {
      await handle.db.execute(sql.raw("drop trigger refuse_kit on press_kits"));
      await handle.db.execute(sql.raw("drop function refuse_kit()"));
    }
    expect({ ...(await totals()), audit: await auditEntries() }).toEqual(before);
    // With the database willing again, the same folder imports whole.
    expect((await importFixture("template-game")).created).toBe(true);
  });

  it("refuses a zip whose entries climb out of the folder, and reads a good zip", async () => {
    // yazl will not write a climbing name: one of the same length, patched in its headers.
    const made = await zipOf({
      "data.xml": "<game><title>x</title></game>",
      "aa/aa/evil.png": "x",
    });
    const evil = Buffer.from(
      made.toString("latin1").replaceAll("aa/aa/evil.png", "../../evil.png"),
      "latin1",
    );
    await expect(readPresskitZip(evil)).rejects.toThrow("points outside its folder");
    await expect(readPresskitZip(Buffer.from("not a zip"))).rejects.toThrow("not a zip archive");
    const dir = fixture("rich-game");
    const good = await zipOf({
      "rich/data.xml": fs.readFileSync(path.join(dir, "data.xml")),
      "rich/images/logo.png": fs.readFileSync(path.join(dir, "images/logo.png")),
    });
    const source = await readPresskitZip(good);
    expect(source.images.map((i) => i.name)).toEqual(["logo.png"]);
    expect(parsePresskitXml(source.xml).game.title).toBe("Orbit Bakery & Co");
  });

  it("an embargoed kit's page says until when and whom to ask, an unlisted one is a 404; staff and a signed link open both", async () => {
    const { game } = await importFixture("rich-game");
    const kit = await readKit(handle.db, game.id);
    const page = `/press/${game.slug}`;
    expect((await openPage(page)).status).toBe(200);
    const until = new Date(Date.now() + 86_400_000);
    await saveKit(handle.db, game.id, { listed: true, embargoUntil: until, data: kit.data }, null);
    // The notice: the time, the studio's zone it is shown in, and the press address.
    const studio = { timeZone: "Europe/Berlin", emailPress: "press@emberfall.example" };
    await handle.db
      .insert(siteSettings)
      .values({ id: 1, values: studio })
      .onConflictDoUpdate({ target: siteSettings.id, set: { values: studio } });
    const notice = {
      status: 403,
      body: {
        embargo: {
          until: until.toISOString(),
          timeZone: "Europe/Berlin",
          pressEmail: "press@emberfall.example",
        },
      },
    };
    try {
      expect(await openPage(page)).toMatchObject(notice);
      expect(await openPage(page, moderator.cookie)).toMatchObject(notice);
    } finally {
      await handle.db.delete(siteSettings);
    }
    // Nothing of the kit itself: its downloads stay the 404 page.
    expect((await download(`${page}/images.zip`)).status).toBe(404);
    expect((await openPage(page, admin.cookie)).status).toBe(200);
    const secret = runtime().env.AUTH_SECRET;
    const link = signKitLink(
      secret,
      { id: kit.id!, linkVersion: 0 },
      new Date(Date.now() + 3_600_000),
    );
    expect((await openPage(`${page}?${link}`)).status).toBe(200);
    expect((await download(`${page}/images.zip?${link}`)).status).toBe(200);
    const expired = signKitLink(
      secret,
      { id: kit.id!, linkVersion: 0 },
      new Date(Date.now() - 1000),
    );
    // An expired link opens nothing: the notice again.
    expect((await openPage(`${page}?${expired}`)).status).toBe(403);
    await saveKit(handle.db, game.id, { listed: false, embargoUntil: null, data: kit.data }, null);
    expect((await openPage(page)).status).toBe(404);
    expect((await openPage(`${page}?${link}`)).status).toBe(200);
  });

  it("the logos of a kit not yet public are served only to who may open the kit, and kept by no cache", async () => {
    const { game } = await importFixture("rich-game");
    const kit = await readKit(handle.db, game.id);
    const logo = kit.data.logos[0]!.image;
    const [entry] = await handle.db.select().from(media).where(eq(media.id, logo));
    const file = `${entry!.widths[0]}.webp`;
    const fetchMedia = async (query = "", cookie?: string) =>
      (await mediaRoute.loader({
        request: request(`/media/${logo}/${file}${query}`, { cookie }),
        context,
        params: { id: logo, file },
      } as never)) as Response;
    const publicCopy = await fetchMedia();
    expect(publicCopy.status).toBe(200);
    expect(publicCopy.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    await saveKit(
      handle.db,
      game.id,
      { listed: true, embargoUntil: new Date(Date.now() + 86_400_000), data: kit.data },
      null,
    );
    expect((await fetchMedia()).status).toBe(404);
    expect((await fetchMedia("", moderator.cookie)).status).toBe(404);
    const staff = await fetchMedia("", admin.cookie);
    expect(staff.status).toBe(200);
    expect(staff.headers.get("Cache-Control")).toBe("private, no-store");
    // The signed link's page gives its logos' URLs the link's query, and those load.
    const link = `?${signKitLink(runtime().env.AUTH_SECRET, { id: kit.id!, linkVersion: 0 }, new Date(Date.now() + 3_600_000))}`;
    const page = await openPage(`/press/${game.slug}${link}`);
    const logos = (page.body as { logos: { image: MediaImage }[] }).logos;
    expect(imageSrc(logos[0]!.image).endsWith(link)).toBe(true);
    expect(
      imageSrcset(logos[0]!.image)
        .split(", ")
        .every((item) => item.split(" ")[0]!.endsWith(link)),
    ).toBe(true);
    const signed = await fetchMedia(link);
    expect(signed.status).toBe(200);
    expect(signed.headers.get("Cache-Control")).toBe("private, no-store");
    // The game's own pictures (its key art and screenshots) stay the game's: public.
    const kitLogos = new Set(kit.data.logos.map((item) => item.image));
    const pictures = (await handle.db.select().from(media)).filter((m) => !kitLogos.has(m.id));
    for (const picture of pictures) {
      const answer = (await mediaRoute.loader({
        request: request(`/media/${picture.id}/${picture.widths[0]}.webp`),
        context,
        params: { id: picture.id, file: `${picture.widths[0]}.webp` },
      } as never)) as Response;
      expect(answer.status).toBe(200);
    }
    expect(pictures.length).toBeGreaterThan(0);
  });

  it("Revoke all links ends every signed link given so far, audit-logged; the tab's new link opens the kit", async () => {
    const { game } = await importFixture("rich-game");
    const kit = await readKit(handle.db, game.id);
    await saveKit(handle.db, game.id, { listed: false, embargoUntil: null, data: kit.data }, null);
    const page = `/press/${game.slug}`;
    const linkOf = async () => {
      const tab = await loadPressTab(runtime(), game.slug, new Date());
      return new URL(tab.open.signedLink!).search;
    };
    const given = await linkOf();
    expect((await openPage(`${page}${given}`)).status).toBe(200);
    expect((await download(`${page}/images.zip${given}`)).status).toBe(200);
    const form = { intent: "press-revoke-links", kit: game.id };
    const refused = await postAdmin(context, form, moderator.cookie, "press");
    expect(refused.status).toBe(403);
    expect((await openPage(`${page}${given}`)).status).toBe(200);
    const revoked = await postAdmin(context, form, admin.cookie, "press");
    expect(revoked.status).toBe(200);
    expect((await openPage(`${page}${given}`)).status).toBe(404);
    expect((await download(`${page}/images.zip${given}`)).status).toBe(404);
    const fresh = await linkOf();
    expect(fresh).not.toBe(given);
    expect((await openPage(`${page}${fresh}`)).status).toBe(200);
    // Staff still open it, and a kit of a game that does not exist is refused, changing nothing.
    expect((await openPage(page, admin.cookie)).status).toBe(200);
    const unknown = await postAdmin(
      context,
      { intent: "press-revoke-links", kit: "not-a-game" },
      admin.cookie,
      "press",
    );
    expect(unknown.status).toBe(404);
    expect((await readKit(handle.db, game.id)).linkVersion).toBe(1);
    const [entry] = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "press.revoke_links"));
    expect(entry).toMatchObject({ subjectId: kit.id });
  });

  it("the studio's kit is a company data.xml at /press/data.xml, counted, and a 404 while embargoed", async () => {
    const kit = await saveKit(
      handle.db,
      null,
      {
        listed: true,
        embargoUntil: null,
        data: { foundingDate: "2019", history: "Founded in a shed." },
      },
      null,
    );
    const answer = await fetchFile("/press/data.xml");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toContain("application/xml");
    const xml = await answer.text();
    expect(xml).toMatch(/^<\?xml[^>]*>\n<company>/);
    expect(xml).toContain("<founding-date>2019</founding-date>");
    expect(xml).toContain(`<website>${runtime().env.SITE_URL}</website>`);
    expect(await downloadCounts(handle.db, kit.id)).toMatchObject({ "data.xml": 1 });
    await saveKit(
      handle.db,
      null,
      { listed: true, embargoUntil: new Date(Date.now() + 86_400_000), data: kit.data },
      null,
    );
    expect((await download("/press/data.xml")).status).toBe(404);
    expect((await download("/press/data.xml", admin.cookie)).status).toBe(200);
  });

  it("presskit()'s old addresses answer 301 to the new ones", async () => {
    const to = async (pathname: string) =>
      outcome(() => legacy.loader({ request: request(pathname), context, params: {} } as never));
    expect(await to("/sheet.php?p=orbit-bakery")).toMatchObject({
      status: 301,
      location: "/press/orbit-bakery",
    });
    expect(await to("/presskit/orbit-bakery")).toMatchObject({
      status: 301,
      location: "/press/orbit-bakery",
    });
    expect(await to("/presskit")).toMatchObject({ status: 301, location: "/press" });
    expect(await to("/sheet.php?p=../../etc")).toMatchObject({ status: 301, location: "/press" });
  });

  it("only who may manage press saves a kit: refused on the server, nothing saved", async () => {
    const form = {
      intent: "press-save",
      gameId: "",
      history: "Founded in a shed.",
      logos: "[]",
      listed: "on",
    };
    const refused = await postAdmin(context, form, moderator.cookie, "press");
    expect(refused.status).toBe(403);
    expect(said(refused.body).formError).toBe("Your role does not allow this.");
    expect((await readKit(handle.db, null)).id).toBeNull();
    const saved = await postAdmin(context, form, admin.cookie, "press");
    expect(saved.status).toBe(200);
    expect((await readKit(handle.db, null)).data.history).toBe("Founded in a shed.");
  });

  it("an embargo typed in the editor is the studio's wall clock, and shown back the same", async () => {
    const studio = { timeZone: "Europe/Berlin" };
    await handle.db
      .insert(siteSettings)
      .values({ id: 1, values: studio })
      .onConflictDoUpdate({ target: siteSettings.id, set: { values: studio } });
    try {
      const form = { intent: "press-save", gameId: "", logos: "[]", listed: "on" };
      // 10:30 in Berlin in summer is 08:30 UTC.
      const saved = await postAdmin(
        context,
        { ...form, embargoUntil: "2031-07-01T10:30" },
        admin.cookie,
        "press",
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const kit = await readKit(handle.db, null);
      expect(kit.embargoUntil?.toISOString()).toBe("2031-07-01T08:30:00.000Z");
      expect(kitFormValues(kit, null, "Europe/Berlin").embargoUntil).toBe("2031-07-01T10:30");
      // A day that does not exist is refused with the field's message and changes nothing.
      const refused = await postAdmin(
        context,
        { ...form, embargoUntil: "2031-02-30T10:30" },
        admin.cookie,
        "press",
      );
      expect(refused.status).toBe(400);
      expect(said(refused.body).errors?.embargoUntil).toBe(EMBARGO_RULE);
      expect((await readKit(handle.db, null)).embargoUntil?.toISOString()).toBe(
        "2031-07-01T08:30:00.000Z",
      );
    } finally {
      await handle.db.delete(siteSettings);
    }
  });

  it("the Press Kits tab imports a presskit() zip into a new game, audit-logged, and then into that game", async () => {
    const answer = await postZip(await richZip(), { game: "" }, developer.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const made = (answer.body as { result: { title: string; slug: string; created: boolean } })
      .result;
    expect(made).toMatchObject({ title: "Orbit Bakery & Co", created: true });
    const [game] = await handle.db.select().from(games).where(eq(games.slug, made.slug));
    expect(game?.gallery).toHaveLength(1);
    const kit = await readKit(handle.db, game!.id);
    expect(kit.data.logos).toHaveLength(1);
    expect((await openPage(`/press/${made.slug}`)).status).toBe(200);
    const logged = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "press.import"));
    expect(logged.at(-1)).toMatchObject({
      actorEmail: expect.stringContaining("@"),
      subjectId: game!.id,
      details: { slug: made.slug, created: true, images: 2 },
    });
    // Into the game it made: the same game, updated, no second one.
    const again = await postZip(await richZip(), { game: made.slug }, developer.cookie);
    expect(again.status).toBe(200);
    expect((again.body as { result: { created: boolean } }).result.created).toBe(false);
    expect((await totals()).games).toBe(1);
  });

  it.each([
    [
      "a zip that climbs out of its folder",
      422,
      "zip",
      "The zip has an entry that points outside its folder; nothing was imported.",
    ],
    ["a file that is no zip", 422, "zip", "The file is not a zip archive."],
    ["a zip without data.xml", 422, "zip", "The zip has no data.xml."],
    [
      "a picture that is no picture",
      422,
      "zip",
      "images/shot.png was refused: This file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF file.",
    ],
    [
      "a game that does not exist",
      404,
      "game",
      "No game has the address no-such-game; nothing was imported.",
    ],
    ["no file", 400, "zip", "Choose a presskit() zip to import."],
    [
      "a new game with only a logo",
      422,
      "zip",
      "images/ has no screenshot or header picture, and a new game needs one for its card; nothing was imported.",
    ],
  ])(
    "the Press Kits tab refuses %s on its field and changes nothing",
    async (kind, status, field, message) => {
      const zips: Record<string, () => Promise<Buffer | null>> = {
        "a zip that climbs out of its folder": async () =>
          Buffer.from(
            (await zipOf({ "data.xml": "<game><title>x</title></game>", "aa/aa/evil.png": "x" }))
              .toString("latin1")
              .replaceAll("aa/aa/evil.png", "../../evil.png"),
            "latin1",
          ),
        "a file that is no zip": async () => Buffer.from("PK not really a zip"),
        "a zip without data.xml": () => zipOf({ "images/shot.png": "x" }),
        "a picture that is no picture": async () =>
          zipOf({
            "data.xml": fs.readFileSync(path.join(fixture("rich-game"), "data.xml")),
            "images/shot.png": "<script>alert(1)</script>",
          }),
        "a game that does not exist": richZip,
        "no file": async () => null,
        "a new game with only a logo": async () =>
          zipOf({
            "data.xml": fs.readFileSync(path.join(fixture("rich-game"), "data.xml")),
            "images/logo.png": fs.readFileSync(path.join(fixture("rich-game"), "images/logo.png")),
          }),
      };
      const before = await totals();
      const answer = await postZip(
        await zips[kind]!(),
        { game: kind === "a game that does not exist" ? "no-such-game" : "" },
        developer.cookie,
      );
      expect(answer.status).toBe(status);
      const errors = (answer.body as { error: Record<string, string[]> }).error;
      expect(errors[field]).toEqual([message]);
      expect(await totals()).toEqual(before);
      expect(
        await handle.db
          .select()
          .from(staffAuditLog)
          .where(eq(staffAuditLog.action, "press.import")),
      ).toEqual([]);
    },
  );

  it("a new game whose zip has a header and no screenshot takes the header as its card too", async () => {
    const dir = fixture("rich-game");
    const answer = await postZip(
      await zipOf({
        "data.xml": fs.readFileSync(path.join(dir, "data.xml")),
        "images/header.png": fs.readFileSync(path.join(dir, "images/shot-a.png")),
      }),
      { game: "" },
      developer.cookie,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [game] = await handle.db.select().from(games);
    expect(game?.keyArt).toBeTruthy();
    expect(game?.cardImage).toBe(game?.keyArt);
    expect(game?.gallery).toEqual([]);
  });

  // Games need the developer role (canManageGames): an admin, who manages press, imports a kit's
  // own fields and logos into an existing game, and creates or changes no game through the zip.
  it("an admin's zip creates no game (403, nothing imported) and changes only the kit of an existing one", async () => {
    const before = await totals();
    const refused = await postZip(await richZip(), { game: "" }, admin.cookie);
    expect(refused.status).toBe(403);
    expect((refused.body as { error: Record<string, string[]> }).error.game).toEqual([
      "Importing into a new game needs the developer role: choose the game whose press kit this is.",
    ]);
    expect(await totals()).toEqual(before);

    const { game: existing } = await importFixture("template-game");
    const [gameBefore] = await handle.db.select().from(games).where(eq(games.id, existing.id));
    const answer = await postZip(await richZip(), { game: existing.slug }, admin.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body as { result: unknown }).result).toEqual({
      title: existing.title,
      slug: existing.slug,
      created: false,
      gameKept: true,
    });
    // The game row as it was: title, description, website, store links, trailer, release date,
    // pictures.
    const [gameAfter] = await handle.db.select().from(games).where(eq(games.id, existing.id));
    expect(gameAfter).toEqual(gameBefore);
    expect((await totals()).games).toBe(1);
    // The kit takes the zip's own fields and its logo; the zip's screenshot is not stored.
    const rich = parsePresskitXml(
      fs.readFileSync(path.join(fixture("rich-game"), "data.xml"), "utf8"),
    );
    const kit = await readKit(handle.db, existing.id);
    const { logos, ...fields } = kit.data;
    const { logos: _richLogos, ...richFields } = rich.kit;
    expect(fields).toEqual(richFields);
    expect(logos).toEqual([{ image: expect.any(String), alt: `${existing.title}: logo` }]);
    const logged = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "press.import"));
    expect(logged.at(-1)).toMatchObject({
      subjectId: existing.id,
      details: { created: false, images: 1, kitOnly: true },
    });
    // A developer's import into the same game does change the game.
    const changed = await postZip(await richZip(), { game: existing.slug }, developer.cookie);
    expect(changed.status).toBe(200);
    const [gameChanged] = await handle.db.select().from(games).where(eq(games.id, existing.id));
    expect(gameChanged?.title).toBe("Orbit Bakery & Co");
  });

  it("a moderator's zip is refused on the server (403) and imports nothing", async () => {
    const before = await totals();
    const refused = await postZip(await richZip(), { game: "" }, moderator.cookie);
    expect(refused.status).toBe(403);
    expect(await totals()).toEqual(before);
    // A guest is sent to sign in.
    const guest = await postZip(await richZip(), { game: "" });
    expect(guest.status).toBe(302);
    expect(await totals()).toEqual(before);
  });

  it("the tab's body limit takes the largest zip the form allows", () => {
    expect(bodyLimitFor("/admin/press.data").bytes).toBeGreaterThan(PRESSKIT_UPLOAD_MAX_BYTES);
  });
});
