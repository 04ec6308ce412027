import { type Readable, Transform } from "node:stream";
import type { Storage, StoredFile } from "~/platform/storage/storage.server";
import type { ArchiveReader } from "./archive-reader.server";
import type { ArchiveWriter } from "./archive-writer.server";
import type { FileEntry } from "./manifest.server";

// Stored files (uploads, press zips, site icons) as `files/<key>` members, with their content
// type in the manifest, from the local folder or the bucket and back to either.

export const fileMember = (key: string) => `files/${key}`;

/** Already compressed: stored as they are, the rest deflated. */
const PACKED =
  /^(image\/(webp|png|jpeg|gif|avif)|application\/(zip|gzip|x-gzip)|video\/|audio\/|font\/woff2?)/;

/** The same bytes, each chunk's length told as it passes (a source's error ends it too). */
function counted(source: Readable, onBytes: (bytes: number) => void): Readable {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  source.on("error", (error) => counter.destroy(error));
  return source.pipe(counter);
}

/** Where the scheduled backups kept in the storage live: never backed up, never wiped. */
export const BACKUPS_PREFIX = "backups/";

export async function listFiles(storage: Storage): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for await (const file of storage.list())
    if (!file.key.startsWith(BACKUPS_PREFIX)) files.push(file);
  return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Copies each listed file into the archive. A file deleted since it was listed (its row is gone
 * from the snapshot too, or is deleted right after) is left out and counted.
 */
export async function exportFiles(
  storage: Storage,
  files: StoredFile[],
  writer: ArchiveWriter,
  progress: (step: { done: number; bytes: number }) => void,
): Promise<{ entries: FileEntry[]; gone: string[] }> {
  const entries: FileEntry[] = [];
  const gone: string[] = [];
  for (const [done, file] of files.entries()) {
    const stat = await storage.stat(file.key);
    const stream = stat ? await storage.read(file.key) : null;
    if (!stat || !stream) {
      gone.push(file.key);
      continue;
    }
    const member = fileMember(file.key);
    const source = counted(stream, (bytes) => progress({ done, bytes }));
    const digest = await writer.add(member, source, {
      compress: !PACKED.test(stat.contentType),
    });
    entries.push({ key: file.key, contentType: stat.contentType, member, ...digest });
  }
  return { entries, gone };
}

/** Puts each file of the archive into the storage, with its content type. */
export async function importFiles(
  storage: Storage,
  archive: ArchiveReader,
  files: FileEntry[],
  progress: (step: { done: number; bytes: number }) => void,
): Promise<void> {
  for (const [done, file] of files.entries()) {
    const stream = await archive.read(file.member);
    const source = counted(stream, (bytes) => progress({ done, bytes }));
    await storage.putStream(file.key, source, file.contentType);
  }
}
