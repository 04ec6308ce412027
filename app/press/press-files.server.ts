import crypto from "node:crypto";
import { Readable } from "node:stream";
import yazl from "yazl";
import type { Database } from "~/db/database.server";
import { mediaOriginalFile } from "~/media/index.server";
import type { Storage } from "~/platform/storage/storage.server";

// A kit's downloads: its pictures' original uploads one by one, and two zips of them (images.zip,
// logos.zip). A zip is built once for what it holds: its key carries a fingerprint of its files, so
// a changed kit or game builds a new one (on save, or at the first download after a game changed)
// and no request builds one that exists.

export const KIT_ZIPS = ["images", "logos"] as const;
export type KitZip = (typeof KIT_ZIPS)[number];

/** One file of a kit: its name (without extension), the upload it is, and the zip it goes in. */
export type KitFile = { name: string; image: string; zip: KitZip; alt: string };

type Runtime = { db: Database; storage: Storage };

const FIXED_TIME = new Date("2000-01-01T00:00:00Z");

function fingerprint(files: readonly KitFile[]): string {
  const text = JSON.stringify(files.map((file) => [file.name, file.image]));
  return crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);
}

const zipKey = (kitId: string, zip: KitZip, files: readonly KitFile[]) =>
  `press/${kitId}/${zip}-${fingerprint(files)}.zip`;

/**
 * Builds a zip into storage as a stream: each original is read from storage as yazl reaches it, so
 * neither the originals nor the zip are ever whole in memory.
 */
async function buildZip(runtime: Runtime, key: string, files: readonly KitFile[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    const original = await mediaOriginalFile(runtime, file.image);
    if (!original) continue;
    // Pictures are compressed already: stored, not deflated.
    zip.addReadStreamLazy(
      `${file.name}.${original.extension}`,
      { mtime: FIXED_TIME, compress: false },
      (done) => {
        runtime.storage.read(original.key).then(
          (stream) =>
            done(stream ? null : new Error(`${original.key} is gone`), stream as Readable),
          (error: Error) => done(error, undefined as never),
        );
      },
    );
  }
  zip.end();
  await runtime.storage.putStream(key, Readable.from(zip.outputStream), "application/zip");
}

/** The stored zip of a kit for these files, without building it: its key and size, or null. */
export async function storedKitZip(
  runtime: Runtime,
  kitId: string,
  zip: KitZip,
  all: readonly KitFile[],
): Promise<{ key: string; size: number } | null> {
  const key = zipKey(
    kitId,
    zip,
    all.filter((file) => file.zip === zip),
  );
  const stored = await runtime.storage.stat(key);
  return stored ? { key, size: stored.size } : null;
}

/** Builds in progress in this process, by key: concurrent first downloads wait for one build. */
const building = new Map<string, Promise<void>>();

/**
 * The storage key of a kit's zip for these files, built first when it is not stored yet (once,
 * however many downloads ask for it at the same time).
 */
export async function kitZip(
  runtime: Runtime,
  kitId: string,
  zip: KitZip,
  all: readonly KitFile[],
): Promise<string> {
  const files = all.filter((file) => file.zip === zip);
  const key = zipKey(kitId, zip, files);
  if (await runtime.storage.stat(key)) return key;
  let build = building.get(key);
  if (!build) {
    build = buildZip(runtime, key, files).finally(() => building.delete(key));
    building.set(key, build);
  }
  await build;
  return key;
}

/** Builds both zips of a kit (when it is saved or imported). */
export async function buildKitZips(runtime: Runtime, kitId: string, files: readonly KitFile[]) {
  for (const zip of KIT_ZIPS) await kitZip(runtime, kitId, zip, files);
}
