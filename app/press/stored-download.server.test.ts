import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { localStorage } from "~/platform/storage/storage.server";
import {
  DOWNLOADS_PER_ADDRESS,
  downloadHead,
  downloadsOf,
  streamDownload,
  TOO_MANY_DOWNLOADS,
} from "./stored-download.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "stored-download-"));
const storage = localStorage(root);
const bytes = crypto.randomBytes(100_000);
const file = {
  key: "press/kit/images-abc.zip",
  type: "application/zip",
  filename: "game-images.zip",
  etag: '"images-abc.zip"',
  size: bytes.length,
};

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const get = (headers: Record<string, string> = {}, address = "198.51.100.1") =>
  streamDownload(new Request("http://x/press/images.zip", { headers }), storage, file, address);

describe("a stored download", async () => {
  await storage.put(file.key, bytes, "application/zip");

  it("streams the whole file with its length, as an attachment nobody caches", async () => {
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(answer.headers.get("Accept-Ranges")).toBe("bytes");
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.headers.get("Content-Disposition")).toBe(
      'attachment; filename="game-images.zip"',
    );
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers one range with 206 and exactly its bytes; a range past the end with 416", async () => {
    const part = await get({ Range: "bytes=1000-1999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.headers.get("Content-Length")).toBe("1000");
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await get({ Range: "bytes=-10" });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(
      true,
    );
    const past = await get({ Range: `bytes=${bytes.length + 5}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${bytes.length}`);
  });

  it("sends the whole file for an If-Range of another version, several ranges or a malformed one", async () => {
    const asked: Record<string, string>[] = [
      { Range: "bytes=0-9", "If-Range": '"images-old.zip"' },
      { Range: "bytes=0-9,20-29" },
      { Range: "pages=1-2" },
    ];
    for (const headers of asked) {
      const answer = await get(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect((await answer.arrayBuffer()).byteLength).toBe(bytes.length);
    }
    const same = await get({ Range: "bytes=0-9", "If-Range": file.etag });
    expect(same.status).toBe(206);
    await same.arrayBuffer();
  });

  it(`lets one address stream ${DOWNLOADS_PER_ADDRESS} bodies at once, refuses one more with 429, and takes it once one ends`, async () => {
    const address = "203.0.113.9";
    const open = [];
    for (let i = 0; i < DOWNLOADS_PER_ADDRESS; i++) open.push(await get({}, address));
    expect(open.map((answer) => answer.status)).toEqual(open.map(() => 200));
    expect(downloadsOf(address)).toBe(DOWNLOADS_PER_ADDRESS);
    const refused = await get({}, address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("10");
    expect(await refused.text()).toBe(TOO_MANY_DOWNLOADS);
    // Another address is not held back by this one.
    const other = await get({}, "203.0.113.10");
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    // A body read to its end, and one given up by the client, each free a place.
    await open[0]!.arrayBuffer();
    await open[1]!.body!.cancel();
    await expect.poll(() => downloadsOf(address)).toBe(DOWNLOADS_PER_ADDRESS - 2);
    const again = await get({}, address);
    expect(again.status).toBe(200);
    for (const answer of [again, open[2]!, open[3]!]) await answer.arrayBuffer();
    await expect.poll(() => downloadsOf(address)).toBe(0);
  });

  it("answers a HEAD from what it is told, reading nothing", async () => {
    const head = downloadHead({ ...file, size: null });
    expect(head.headers.get("Content-Length")).toBeNull();
    expect(head.headers.get("Accept-Ranges")).toBe("bytes");
    expect(downloadHead(file).headers.get("Content-Length")).toBe(String(bytes.length));
    expect(await head.text()).toBe("");
  });
});
