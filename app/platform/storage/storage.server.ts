import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";

/** Bytes `start` to `end` of a stored file, both included (an HTTP range). */
export type StoredRange = { start: number; end: number };

/**
 * Where uploads live. Keys are relative paths such as `{userId}/avatar.webp`. Large files (a press
 * kit's zips) are written from a stream and read as one, a range at a time when asked, so a
 * download never holds a whole file in memory.
 */
export type Storage = {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** Stores what the stream gives, as `put` stores a buffer. */
  putStream(key: string, data: Readable, contentType: string): Promise<void>;
  /** A stored file's size and type, without reading it; null when it is not there. */
  stat(key: string): Promise<{ size: number; contentType: string } | null>;
  /** A stored file's bytes (a range of them) as a stream; null when it is not there. */
  read(key: string, range?: StoredRange): Promise<Readable | null>;
  delete(prefix: string): Promise<void>;
  /** Every stored file under a prefix (all of them without one), key and size, in no set order. */
  list(prefix?: string): AsyncIterable<StoredFile>;
  describe: string;
};

export type StoredFile = { key: string; size: number };

function safeKey(key: string): string {
  const normalized = path.posix.normalize(key);
  if (normalized.startsWith("..") || normalized.startsWith("/") || normalized.includes("\0")) {
    throw new Error(`Refused storage key: ${key}`);
  }
  return normalized;
}

/** Files under DATA_DIR/uploads: right for one server, or several sharing a volume. */
export function localStorage(root: string): Storage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    describe: `local disk ${root}`,
    async put(key, data, contentType) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      await fs.writeFile(`${file}.tmp`, data);
      await fs.rename(`${file}.tmp`, file);
      await fs.writeFile(`${file}.type`, contentType);
    },
    async putStream(key, data, contentType) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await pipeline(data, createWriteStream(`${file}.tmp`));
      await fs.rename(`${file}.tmp`, file);
      await fs.writeFile(`${file}.type`, contentType);
    },
    async stat(key) {
      try {
        const file = full(key);
        const [stat, contentType] = await Promise.all([
          fs.stat(file),
          fs.readFile(`${file}.type`, "utf8"),
        ]);
        return { size: stat.size, contentType };
      } catch {
        return null;
      }
    },
    async read(key, range) {
      const file = full(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file, range ?? {});
    },
    async get(key) {
      try {
        const file = full(key);
        const [data, contentType] = await Promise.all([
          fs.readFile(file),
          fs.readFile(`${file}.type`, "utf8"),
        ]);
        return { data, contentType };
      } catch {
        return null;
      }
    },
    async delete(prefix) {
      await fs.rm(full(prefix), { recursive: true, force: true });
    },
    async *list(prefix = "") {
      const start = prefix ? full(prefix) : root;
      const entries = await fs
        .readdir(start, { recursive: true, withFileTypes: true })
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT" || error.code === "ENOTDIR") return [];
          throw error;
        });
      for (const entry of entries) {
        // A file's content type beside it, and a write not yet renamed, are not stored files.
        if (!entry.isFile() || /\.(type|tmp)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat)
          yield { key: path.relative(root, file).split(path.sep).join("/"), size: stat.size };
      }
    },
  };
}

const XML_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** An XML text node's characters (S3 escapes keys in its listings). */
function xmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return XML_ENTITIES[name] ?? entity;
  });
}

export type S3Config = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

/** An S3-compatible bucket (AWS S3, MinIO, R2, …), for several servers without a shared volume. */
export function s3Storage(config: S3Config): Storage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
  });
  const url = (key: string) =>
    `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}/${safeKey(key).split("/").map(encodeURIComponent).join("/")}`;
  /** The objects under a prefix (ListObjectsV2, following its continuation tokens). */
  async function* listObjects(prefix: string): AsyncGenerator<StoredFile> {
    let token: string | null = null;
    do {
      const list = new URL(`${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`);
      list.searchParams.set("list-type", "2");
      list.searchParams.set("prefix", prefix);
      if (token) list.searchParams.set("continuation-token", token);
      const response = await client.fetch(list.toString());
      if (!response.ok) throw new Error(`S3 LIST ${prefix} failed: ${response.status}`);
      const xml = await response.text();
      for (const [, body = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = /<Key>([^<]*)<\/Key>/.exec(body)?.[1];
        const size = /<Size>(\d+)<\/Size>/.exec(body)?.[1];
        if (key !== undefined) yield { key: xmlText(key), size: Number(size ?? 0) };
      }
      const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
      const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
      token = truncated && next ? xmlText(next) : null;
    } while (token);
  }

  async function put(key: string, data: Buffer, contentType: string) {
    const response = await client.fetch(url(key), {
      method: "PUT",
      body: new Uint8Array(data),
      headers: { "Content-Type": contentType },
    });
    if (!response.ok) throw new Error(`S3 PUT ${key} failed: ${response.status}`);
  }

  return {
    describe: `S3 bucket ${config.bucket} at ${config.endpoint}`,
    put,
    async putStream(key, data, contentType) {
      // S3's plain PUT needs the length first: the stream is gathered, then sent.
      const chunks: Buffer[] = [];
      for await (const chunk of data) chunks.push(Buffer.from(chunk));
      await put(key, Buffer.concat(chunks), contentType);
    },
    async stat(key) {
      const response = await client.fetch(url(key), { method: "HEAD" });
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok) throw new Error(`S3 HEAD ${key} failed: ${response.status}`);
      return {
        size: Number(response.headers.get("Content-Length") ?? 0),
        contentType: response.headers.get("Content-Type") ?? "application/octet-stream",
      };
    },
    async read(key, range) {
      const response = await client.fetch(url(key), {
        headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok || !response.body)
        throw new Error(`S3 GET ${key} failed: ${response.status}`);
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    async get(key) {
      const response = await client.fetch(url(key));
      if (response.status === 404 || response.status === 403) return null;
      if (!response.ok) throw new Error(`S3 GET ${key} failed: ${response.status}`);
      return {
        data: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get("Content-Type") ?? "application/octet-stream",
      };
    },
    async delete(prefix) {
      // Every object under the prefix, as the local store removes its folder (an upload's widths,
      // an avatar): listed page by page, then deleted one by one.
      const keys: string[] = [];
      for await (const { key } of listObjects(`${safeKey(prefix)}/`)) keys.push(key);
      for (const key of keys) {
        const response = await client.fetch(url(key), { method: "DELETE" });
        if (!response.ok && response.status !== 404)
          throw new Error(`S3 DELETE ${key} failed: ${response.status}`);
      }
    },
    list: (prefix) => listObjects(prefix ? safeKey(prefix) : ""),
  };
}
