import fs from "node:fs/promises";
import path from "node:path";
import yauzl from "yauzl";
import { AppError } from "~/platform/errors/app-error";
import { XML_MAX_BYTES } from "./presskit-xml.server";

// A presskit() game folder as files in memory: its data.xml and its images/, read from a folder on
// disk or from an uploaded zip. Everything is checked before anything is read whole: sizes, counts,
// and names that would climb out of the folder (zip slip) or are links.

export type PresskitSource = { xml: string; images: { name: string; data: Buffer }[] };

export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGES_MAX = 60;
export const ZIP_MAX_BYTES = 300 * 1024 * 1024;
const IMAGE_NAME = /^[\w][\w .-]{0,120}\.(png|jpe?g|gif|webp|avif)$/i;
const XML_NAMES = ["data.xml", "_data.xml"];

const refuse = (sentence: string) => new AppError("unprocessable", sentence);

/** A presskit() folder on disk (the CLI's `studio press import <folder>`). */
export async function readPresskitFolder(folder: string): Promise<PresskitSource> {
  const root = path.resolve(folder);
  const stat = await fs.stat(root).catch(() => null);
  if (!stat?.isDirectory()) throw refuse(`${folder} is not a folder.`);
  let xmlFile: string | null = null;
  for (const name of XML_NAMES) {
    const file = path.join(root, name);
    const info = await fs.lstat(file).catch(() => null);
    if (info?.isFile()) {
      if (info.size > XML_MAX_BYTES)
        throw refuse(`${name} is larger than ${XML_MAX_BYTES / 1024} KB and was not read.`);
      xmlFile = file;
      break;
    }
  }
  if (!xmlFile) throw refuse("The folder has no data.xml.");
  const images: PresskitSource["images"] = [];
  const imagesDir = path.join(root, "images");
  const entries = await fs.readdir(imagesDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!IMAGE_NAME.test(entry.name)) continue;
    // A link could point anywhere on the machine: only plain files inside the folder are read.
    if (!entry.isFile()) throw refuse(`images/${entry.name} is not a plain file and was not read.`);
    const file = path.join(imagesDir, entry.name);
    const info = await fs.lstat(file);
    if (info.size > IMAGE_MAX_BYTES) throw refuse(`images/${entry.name} is larger than 20 MB.`);
    images.push({ name: entry.name, data: await fs.readFile(file) });
    if (images.length > IMAGES_MAX) throw refuse(`The folder has more than ${IMAGES_MAX} images.`);
  }
  return { xml: await fs.readFile(xmlFile, "utf8"), images };
}

/** The path of a zip entry inside the folder, or a refusal when it climbs out or is absolute. */
export function safeEntryPath(name: string): string {
  const normalized = path.posix.normalize(name.replace(/\\/g, "/"));
  if (
    name.includes("\0") ||
    normalized.startsWith("/") ||
    /^[a-z]:/i.test(normalized) ||
    normalized === ".." ||
    normalized.startsWith("../")
  ) {
    throw refuse(
      `The zip's entry ${JSON.stringify(name)} points outside its folder; nothing was imported.`,
    );
  }
  return normalized;
}

/** A presskit() folder uploaded as a zip (the folder itself, or one folder inside it). */
export async function readPresskitZip(data: Buffer): Promise<PresskitSource> {
  if (data.length > ZIP_MAX_BYTES) throw refuse("The zip is larger than 300 MB.");
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error || !file ? reject(refuse("The file is not a zip archive.")) : resolve(file),
    ),
  );
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      // yauzl checks each name itself; a climbing or absolute one is its error, told as ours.
      zip.on("error", (error: Error) =>
        reject(
          /relative path|absolute path/.test(error.message)
            ? refuse("The zip has an entry that points outside its folder; nothing was imported.")
            : refuse("The zip archive is damaged."),
        ),
      );
      zip.on("end", () => resolve());
      zip.on("entry", (entry: yauzl.Entry) => {
        try {
          const name = safeEntryPath(entry.fileName);
          const wanted =
            XML_NAMES.includes(path.posix.basename(name)) || /(^|\/)images\/[^/]+$/.test(name);
          if (name.endsWith("/") || !wanted) return zip.readEntry();
          const limit = XML_NAMES.includes(path.posix.basename(name))
            ? XML_MAX_BYTES
            : IMAGE_MAX_BYTES;
          if (entry.uncompressedSize > limit) throw refuse(`${name} in the zip is too large.`);
          total += entry.uncompressedSize;
          if (total > ZIP_MAX_BYTES || files.size > IMAGES_MAX + 1)
            throw refuse("The zip holds too much.");
          zip.openReadStream(entry, async (error, stream) => {
            if (error || !stream) return reject(refuse("The zip archive is damaged."));
            const chunks: Buffer[] = [];
            try {
              for await (const chunk of stream) chunks.push(Buffer.from(chunk));
            } catch {
              return reject(refuse("The zip archive is damaged."));
            }
            files.set(name, Buffer.concat(chunks));
            zip.readEntry();
          });
        } catch (error) {
          reject(error);
        }
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  const xmlPath = [...files.keys()].find((name) => XML_NAMES.includes(path.posix.basename(name)));
  if (!xmlPath) throw refuse("The zip has no data.xml.");
  const folder = path.posix.dirname(xmlPath);
  const images = [...files]
    .filter(
      ([name]) => path.posix.dirname(name) === (folder === "." ? "images" : `${folder}/images`),
    )
    .map(([name, data]) => ({ name: path.posix.basename(name), data }))
    .filter((image) => IMAGE_NAME.test(image.name));
  return { xml: files.get(xmlPath)?.toString("utf8") ?? "", images };
}
