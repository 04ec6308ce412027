import crypto from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { AppError } from "~/platform/errors/app-error";
import type { MemberDigest } from "./archive-writer.server";

// Reading an archive: its members by name (the zip's central directory, which a partial or cut
// file does not have), each as a stream. Every doubt about the file is one sentence saying that
// the archive is damaged, and nothing is restored.

export type ArchiveReader = {
  file: string;
  has(member: string): boolean;
  /** Every member's name. */
  names(): string[];
  read(member: string): Promise<Readable>;
  readText(member: string): Promise<string>;
  close(): void;
};

export function damaged(file: string, why: string): AppError {
  return new AppError(
    "unprocessable",
    `The archive ${path.basename(file)} is damaged or incomplete (${why}); nothing was restored.`,
    { code: "archive_damaged" },
  );
}

export async function openArchive(file: string): Promise<ArchiveReader> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: true,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new AppError("not_found", `There is no file ${file}.`);
    throw damaged(file, "it is not a whole zip file");
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", reject);
      zip.on("end", () => resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
  } catch {
    zip.close();
    throw damaged(file, "its list of members cannot be read");
  }
  async function read(member: string): Promise<Readable> {
    const entry = entries.get(member);
    if (!entry) throw damaged(file, `${member} is missing`);
    try {
      const stream = await zip.openReadStreamPromise(entry);
      return stream;
    } catch {
      throw damaged(file, `${member} cannot be read`);
    }
  }
  return {
    file,
    has: (member) => entries.has(member),
    names: () => [...entries.keys()],
    read,
    async readText(member) {
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of await read(member)) chunks.push(chunk as Buffer);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw damaged(file, `${member} cannot be read`);
      }
      return Buffer.concat(chunks).toString("utf8");
    },
    close: () => zip.close(),
  };
}

/** A member's bytes and SHA-256 as read back (inflated); a damaged member is the archive's error. */
export async function digestMember(
  archive: ArchiveReader,
  member: string,
  onBytes?: (bytes: number) => void,
): Promise<MemberDigest> {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  try {
    for await (const chunk of await archive.read(member)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
      onBytes?.((chunk as Buffer).length);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged(archive.file, `${member} cannot be read`);
  }
  return { bytes, sha256: hash.digest("hex") };
}
