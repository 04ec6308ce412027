import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { AppError } from "~/platform/errors/app-error";

// A backup archive is one zip file (docs/deployment.md#backups-and-restore), written as
// `<file>.partial` and renamed once whole and flushed to disk: a backup that stops half-way (a
// kill, a full disk) leaves no file that looks finished, and a partial zip has no central
// directory, so restore refuses it as well.

/** What a member held: its bytes before compression and their SHA-256. */
export type MemberDigest = { bytes: number; sha256: string };

export type ArchiveWriter = {
  /** Adds a member from a stream or async iterable; settles once all of it went through. */
  add(
    member: string,
    source: Readable | AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
    options?: { compress?: boolean },
  ): Promise<MemberDigest>;
  /** The archive's bytes written to disk so far. */
  written(): number;
  /** Closes the zip, flushes it to disk and gives it its name; the archive's size. */
  finish(): Promise<number>;
  /** Stops and removes the partial file. */
  abort(): Promise<void>;
};

/** A digest of what passes through, byte for byte. */
function measuring(): Transform & { digest(): MemberDigest } {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      hash.update(buffer);
      bytes += buffer.length;
      done(null, buffer);
    },
  });
  let sha256: string | undefined;
  return Object.assign(stream, {
    digest: () => {
      sha256 ??= hash.digest("hex");
      return { bytes, sha256 };
    },
  });
}

export async function openArchiveWriter(file: string): Promise<ArchiveWriter> {
  const partial = `${file}.partial`;
  if (fs.existsSync(file)) throw new AppError("conflict", `There is already a file at ${file}.`);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  // The previous attempt's partial file, if any, is not a backup: it is replaced.
  await fsp.rm(partial, { force: true });
  const zip = new yazl.ZipFile();
  const out = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
  // The partial file exists once the writer is open (a restore of it is refused as incomplete,
  // not as missing), and a file that cannot be created fails here, not at the first member.
  await new Promise<void>((resolve, reject) => {
    out.once("open", () => resolve());
    out.once("error", reject);
  });
  let written = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done(null, chunk);
    },
  });
  const zipFailed = new Promise<never>((_, reject) => zip.on("error", reject));
  const output = Promise.race([pipeline(zip.outputStream as Readable, counter, out), zipFailed]);
  // Seen by whoever awaits it next; a failure while nobody waits must not crash the process.
  output.catch(() => {});
  const mtime = new Date();

  return {
    async add(member, source, { compress = true } = {}) {
      const measured = measuring();
      zip.addReadStream(measured, member, { mtime, compress });
      const input = source instanceof Readable ? source : Readable.from(source);
      // A failing output (a full disk) stops yazl reading: the member's copy would wait forever.
      await Promise.race([pipeline(input, measured), output.then(() => new Promise(() => {}))]);
      return measured.digest();
    },
    written: () => written,
    async finish() {
      zip.end();
      await output;
      const handle = await fsp.open(partial, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(partial, file);
      // The rename itself reaches the disk with the folder's own flush.
      const folder = await fsp.open(path.dirname(file), "r");
      try {
        await folder.sync().catch(() => {});
      } finally {
        await folder.close();
      }
      return written;
    },
    async abort() {
      (zip.outputStream as Readable).destroy();
      out.destroy();
      await output.catch(() => {});
      await fsp.rm(partial, { force: true });
    },
  };
}
