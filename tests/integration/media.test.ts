import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { media } from "../../app/db/schema";
import { mediaImages, readMediaOriginal, storeMedia } from "../../app/media/media.server";
import {
  imageSrc,
  imageSrcset,
  MEDIA_MAX_BYTES,
  MEDIA_TOO_LARGE,
  type MediaUploadResult,
} from "../../app/media/media-limits";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { limitRequestBodies } from "../../app/platform/server/request-limits.server";
import type { Role } from "../../app/roles/permissions";
import * as mediaRoute from "../../app/routes/media";
import * as uploadRoute from "../../app/routes/media-upload";
import { outcome, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { testContext } from "../support/runtime";
import { startS3 } from "../support/s3";
import { openForSuite } from "../support/suite";

// The media library end to end on a real database: who may upload (news or games managers), what is
// refused (and then nothing is stored), and what is served back.

type Who = "signed out" | Role;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 90 } } })
    .png()
    .toBuffer();

/** A multipart POST /media/upload, as the editors' script sends it. */
async function uploadRequest(
  cookie: string | undefined,
  file: { data: Buffer; name: string; type: string } | null,
  field = "file",
) {
  const form = new FormData();
  if (file) form.set(field, new File([new Uint8Array(file.data)], file.name, { type: file.type }));
  else form.set("other", "no file here");
  const encoded = new Request("http://localhost:3000/media/upload", { method: "POST", body: form });
  const body = await encoded.arrayBuffer();
  const headers = new Headers({
    Origin: "http://localhost:3000",
    Accept: "application/json",
    "Content-Type": encoded.headers.get("Content-Type")!,
    "Content-Length": String(body.byteLength),
  });
  if (cookie) headers.set("Cookie", cookie);
  return new Request("http://localhost:3000/media/upload", { method: "POST", headers, body });
}

async function upload(
  context: AppContext,
  cookie: string | undefined,
  file: { data: Buffer; name: string; type: string } | null,
) {
  const request = await uploadRequest(cookie, file);
  const result = await outcome(() => uploadRoute.action({ request, context, params: {} } as never));
  return { status: result.status, body: result.body as MediaUploadResult };
}

async function serve(context: AppContext, url: string) {
  const [, , id = "", file = ""] = url.split("/");
  return (await mediaRoute.loader({
    request: new Request(`http://localhost:3000${url}`),
    context,
    params: { id, file },
  } as never)) as Response;
}

describe.each(testEngines())("the media library on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let uploads: string;
  const cookies = new Map<Who, string | undefined>();

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    uploads = path.join(context.get(runtimeContext).env.DATA_DIR, "uploads", "media");
    cookies.set("signed out", undefined);
    for (const role of ["guest", "moderator", "admin", "developer", "owner"] as const)
      cookies.set(role, (await signedInAs(context, role)).cookie);
  });

  it("an account's uploads past UPLOAD_RATE_LIMIT in ten minutes are refused with 429, nothing stored", async () => {
    const limited = testContext(handle, { env: { UPLOAD_RATE_LIMIT: "2" } });
    const { cookie } = await signedInAs(limited, "admin");
    const file = async () => ({ data: await png(600, 400), name: "a.png", type: "image/png" });
    expect((await upload(limited, cookie, await file())).status).toBe(200);
    expect((await upload(limited, cookie, await file())).status).toBe(200);
    const before = await rowCount();
    const refused = await upload(limited, cookie, await file());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      ok: false,
      error: "Too many uploads. Try again in 10 minutes.",
    });
    expect(await rowCount()).toBe(before);
  });

  const rowCount = async () => (await handle.db.select({ n: count() }).from(media))[0]?.n ?? 0;
  const storedDirs = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);

  it.each([
    ["admin", 200],
    ["developer", 200],
    ["owner", 200],
    ["moderator", 403],
    ["guest", 403],
    ["signed out", 401],
  ] as const)("an upload by %s answers %i", async (who, status) => {
    const before = { rows: await rowCount(), dirs: storedDirs() };
    const result = await upload(context, cookies.get(who), {
      data: await png(1200, 900),
      name: "cover.png",
      type: "image/png",
    });
    expect(result.status, JSON.stringify(result.body)).toBe(status);
    if (status !== 200) {
      expect(result.body).toEqual({
        ok: false,
        error:
          status === 401 ? "Please sign in to upload images." : "Your role does not allow this.",
      });
      expect(await rowCount()).toBe(before.rows);
      expect(storedDirs()).toEqual(before.dirs);
      return;
    }
    if (!result.body.ok) throw new Error(result.body.error);
    const { id, image } = result.body.media;
    // A 1200-pixel original: stored at 480 and 960, never upscaled to 1600.
    expect(image).toEqual({
      id,
      widths: [480, 960],
      sizes: "100vw",
      width: 960,
      height: 720,
    });
    const [row] = await handle.db.select().from(media).where(eq(media.id, id));
    expect(row).toMatchObject({ width: 1200, height: 900, widths: [480, 960] });
    expect(
      fs
        .readdirSync(path.join(uploads, id))
        .filter((f) => f.endsWith(".webp"))
        .sort(),
    ).toEqual(["480.webp", "960.webp"]);
  });

  it("serves each width of its srcset: WebP of that width, cached for good, sandboxed", async () => {
    const result = await upload(context, cookies.get("admin"), {
      data: await png(2000, 1000),
      name: "wide.png",
      type: "image/png",
    });
    if (!result.body.ok) throw new Error(result.body.error);
    const { image } = result.body.media;
    const entries = imageSrcset(image)
      .split(", ")
      .map((entry) => entry.split(" "));
    expect(entries.map(([, w]) => w)).toEqual(["480w", "960w", "1600w"]);
    expect(imageSrc(image)).toBe(entries.at(-1)?.[0]);
    expect([image.width, image.height]).toEqual([1600, 800]);
    for (const [url = "", w = ""] of entries) {
      const response = await serve(context, url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("Content-Length")).toBe(String(bytes.length));
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        "webp",
        Number.parseInt(w, 10),
        Number.parseInt(w, 10) / 2,
      ]);
    }
  });

  it("serves an upload to mail clients as JPEG: 1200 px at most, transparency on white, kept once made", async () => {
    const translucent = await sharp({
      create: {
        width: 2000,
        height: 1000,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .png()
      .toBuffer();
    const result = await upload(context, cookies.get("admin"), {
      data: translucent,
      name: "clear.png",
      type: "image/png",
    });
    if (!result.body.ok) throw new Error(result.body.error);
    const { id } = result.body.media;
    const response = await serve(context, `/media/${id}/mail.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 600]);
    // The transparent picture is white in the mail, not black.
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r + dominant.g + dominant.b).toBeGreaterThan(3 * 240);
    // Made once: the file is kept beside the widths and served as it was.
    expect(fs.existsSync(path.join(uploads, id, "mail.jpg"))).toBe(true);
    const again = Buffer.from(await (await serve(context, `/media/${id}/mail.jpg`)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
    expect((await serve(context, `/media/${crypto.randomUUID()}/mail.jpg`)).status).toBe(404);
  });

  it("answers 404 for an unknown id, a width not stored and anything else", async () => {
    const result = await upload(context, cookies.get("developer"), {
      data: await png(700, 500),
      name: "small.png",
      type: "image/png",
    });
    if (!result.body.ok) throw new Error(result.body.error);
    const { id } = result.body.media;
    expect((await serve(context, `/media/${id}/480.webp`)).status).toBe(200);
    for (const url of [
      `/media/${crypto.randomUUID()}/480.webp`,
      `/media/${id}/960.webp`,
      `/media/${id}/1600.webp`,
      `/media/${id}/480.png`,
      `/media/${id}/480.webp.type`,
      `/media/${id}/..%2F480.webp`,
      "/media/not-a-uuid/480.webp",
      "/media/..%2F..%2Fetc/480.webp",
    ]) {
      expect((await serve(context, url)).status, url).toBe(404);
    }
  });

  it("refuses a file that is not an image with 422 and stores nothing", async () => {
    const before = { rows: await rowCount(), dirs: storedDirs() };
    const result = await upload(context, cookies.get("admin"), {
      data: Buffer.from("<html><script>alert(1)</script></html>"),
      name: "cover.png",
      type: "image/png",
    });
    expect(result).toEqual({
      status: 422,
      body: {
        ok: false,
        error: "This file is not an image. Upload a JPEG, PNG, WebP, GIF or AVIF file.",
      },
    });
    expect(await rowCount()).toBe(before.rows);
    expect(storedDirs()).toEqual(before.dirs);
  });

  it("refuses a polyglot with 422 and stores nothing", async () => {
    const before = { rows: await rowCount(), dirs: storedDirs() };
    const data = Buffer.concat([await png(600, 400), Buffer.from("<script>alert(1)</script>")]);
    const result = await upload(context, cookies.get("developer"), {
      data,
      name: "shot.png",
      type: "image/png",
    });
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      ok: false,
      error: "This file contains more than image data and was refused.",
    });
    expect(await rowCount()).toBe(before.rows);
    expect(storedDirs()).toEqual(before.dirs);
  });

  it("answers 400 without a file or with an unreadable form", async () => {
    const noFile = await upload(context, cookies.get("admin"), null);
    expect(noFile).toEqual({
      status: 400,
      body: { ok: false, error: "Choose an image file to upload." },
    });
    const broken = new Request("http://localhost:3000/media/upload", {
      method: "POST",
      headers: {
        Origin: "http://localhost:3000",
        Cookie: cookies.get("admin")!,
        "Content-Type": "multipart/form-data; boundary=nothing",
      },
      body: "--other\r\nnot a multipart body",
    });
    const result = await outcome(() =>
      uploadRoute.action({ request: broken, context, params: {} } as never),
    );
    expect(result).toMatchObject({
      status: 400,
      body: { ok: false, error: "The upload could not be read." },
    });
  });

  it("answers a GET with 405", async () => {
    const response = uploadRoute.loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  // Press kits hand out originals: a phone photo's GPS position and owner went out with them.
  it("keeps an upload's original without its GPS position and owner, its pixels as uploaded", async () => {
    const photo = await sharp(await png(60, 40))
      .withExif({
        IFD0: { Artist: "Ana Photographer" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 1234/100" },
      })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.toString("latin1")).toContain("Ana Photographer");
    const entry = await storeMedia(context.get(runtimeContext), photo, null);
    const original = await readMediaOriginal(context.get(runtimeContext), entry.id);
    expect(original?.extension).toBe("jpg");
    expect(original!.data.toString("latin1")).not.toContain("Ana Photographer");
    expect((await sharp(original!.data).metadata()).exif).toBeUndefined();
    const pixels = async (file: Buffer) => (await sharp(file).raw().toBuffer()).toString("base64");
    expect(await pixels(original!.data)).toBe(await pixels(photo));
  });

  it("leaves nothing visible when the row cannot be written", async () => {
    const before = { rows: await rowCount(), dirs: storedDirs() };
    // No such user: the row's reference to its uploader fails, after the files were written.
    const error = await storeMedia(
      context.get(runtimeContext),
      await png(500, 500),
      `missing-${crypto.randomUUID()}`,
    ).then(
      () => null,
      (thrown: Error) => thrown,
    );
    // The foreign key refused it (23503: foreign_key_violation), nothing else.
    expect((error?.cause ?? error) as unknown).toMatchObject({
      code: "23503",
      constraint: "media_uploaded_by_users_id_fk",
    });
    expect(await rowCount()).toBe(before.rows);
    expect(storedDirs()).toEqual(before.dirs);
  });

  it("reads several images in one query, leaving out unknown and malformed ids", async () => {
    const result = await upload(context, cookies.get("admin"), {
      data: await png(480, 240),
      name: "exact.png",
      type: "image/png",
    });
    if (!result.body.ok) throw new Error(result.body.error);
    const { id, image } = result.body.media;
    const found = await mediaImages(handle.db, [
      id,
      id.toUpperCase(),
      crypto.randomUUID(),
      "not-a-uuid",
      "",
    ]);
    expect([...found.keys()]).toEqual([id]);
    expect(found.get(id)).toEqual(image);
    expect(image).toMatchObject({ id, widths: [480], width: 480, height: 240 });
  });
});

// On S3 the files of an upload whose row fails are removed too: the store's delete used to know
// only an avatar's key, and left every width of the upload in the bucket.
describe.each(testEngines())("the media library on S3 (s3rver) on $name", (engine) => {
  let context: AppContext;
  let handle: DatabaseHandle;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let uploader: string;

  openForSuite(engine, async (opened) => {
    handle = opened.handle;
    s3 = await startS3();
    context = testContext(handle, { env: s3.env });
    uploader = (await signedInAs(context, "owner")).id;
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("stores every width of an upload in the bucket, and its original", async () => {
    const entry = await storeMedia(context.get(runtimeContext), await png(1000, 500), uploader);
    expect(await s3.keys(`media/${entry.id}/`)).toEqual(
      [
        ...entry.widths.map((width) => `media/${entry.id}/${width}.webp`),
        `media/${entry.id}/original`,
      ].sort(),
    );
    expect(entry.widths).toEqual([480, 960]);
  });

  it("leaves nothing in the bucket when the row cannot be written", async () => {
    const before = {
      rows: await handle.db.select({ n: count() }).from(media),
      keys: await s3.keys(),
    };
    // No such user: the row's reference to its uploader fails, after the files were written.
    await expect(
      storeMedia(
        context.get(runtimeContext),
        await png(1000, 500),
        `missing-${crypto.randomUUID()}`,
      ),
    ).rejects.toThrow();
    expect(await handle.db.select({ n: count() }).from(media)).toEqual(before.rows);
    expect(await s3.keys()).toEqual(before.keys);
  });
});

describe("the upload's body limit, at the server's gate", () => {
  /** POSTs `size` bytes (declared up front) to /media/upload behind the site's body limits. */
  async function post(size: number): Promise<{ status: number; body: string }> {
    const app = express();
    app.use(limitRequestBodies());
    app.use(async (req, res) => {
      let read = 0;
      for await (const chunk of req) read += (chunk as Buffer).length;
      res.json({ read });
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      return await new Promise((resolve, reject) => {
        const req = http.request({
          port,
          host: "127.0.0.1",
          path: "/media/upload",
          method: "POST",
          headers: { "Content-Length": size, "Content-Type": "multipart/form-data; boundary=x" },
        });
        req.on("response", (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => {
            resolve({ status: response.statusCode ?? 0, body });
            req.destroy();
          });
        });
        req.on("error", (error) => {
          if (!req.destroyed) reject(error);
        });
        req.end(Buffer.alloc(size));
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it("lets a 10 MB image with its form envelope through", async () => {
    const size = MEDIA_MAX_BYTES + 32 * 1024;
    expect(await post(size)).toEqual({ status: 200, body: JSON.stringify({ read: size }) });
  });

  it("refuses a larger body with 413 before reading it, saying the limit", async () => {
    const result = await post(MEDIA_MAX_BYTES + 65 * 1024);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({
      error: { code: "payload_too_large", message: MEDIA_TOO_LARGE },
    });
  });
});
