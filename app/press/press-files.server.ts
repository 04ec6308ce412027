import crypto from "node:crypto";
import yazl from "yazl";
import type { Database } from "~/db/database.server";
import { readMediaOriginal } from "~/media/index.server";
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

/** The original file of one of the kit's files, named with its extension; null if gone. */
export async function readKitFile(
  runtime: Runtime,
  file: KitFile,
): Promise<{ data: Buffer; filename: string } | null> {
  const original = await readMediaOriginal(runtime, file.image);
  return original ? { data: original.data, filename: `${file.name}.${original.extension}` } : null;
}

async function buildZip(runtime: Runtime, files: readonly KitFile[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    const read = await readKitFile(runtime, file);
    // Pictures are compressed already: stored, not deflated.
    if (read) zip.addBuffer(read.data, read.filename, { mtime: FIXED_TIME, compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A kit's zip: the stored one for these files, else built now and stored. */
export async function kitZip(
  runtime: Runtime,
  kitId: string,
  zip: KitZip,
  all: readonly KitFile[],
): Promise<Buffer> {
  const files = all.filter((file) => file.zip === zip);
  const key = zipKey(kitId, zip, files);
  const stored = await runtime.storage.get(key);
  if (stored) return stored.data;
  const data = await buildZip(runtime, files);
  await runtime.storage.put(key, data, "application/zip");
  return data;
}

/** Builds both zips of a kit (when it is saved or imported). */
export async function buildKitZips(runtime: Runtime, kitId: string, files: readonly KitFile[]) {
  for (const zip of KIT_ZIPS) await kitZip(runtime, kitId, zip, files);
}
