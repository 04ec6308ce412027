import crypto from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { ClearableCache } from "./caches.server";

/** Anonymous public pages kept rendered in memory (the microcache). */
export const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/news$/,
  /^\/news\/[\w-]+$/,
  /^\/games$/,
  /^\/contact$/,
  /^\/news\/feed\.xml$/,
  /^\/sitemap\.xml$/,
  /^\/robots\.txt$/,
];

type Encoding = "br" | "gzip" | "identity";

type Entry = {
  status: number;
  headers: Record<string, string>;
  /** The body in each encoding asked for so far; identity always. */
  bodies: Partial<Record<Encoding, Buffer>>;
  etag: string;
  storedAt: number;
};

const MAX_ENTRIES = 500;
const TTL_MS = 60_000;
/** Bodies smaller than this go out as they are (as the compression middleware does). */
const COMPRESS_FROM_BYTES = 1024;
// Headers that belong to one response, never to a cached copy.
const PER_RESPONSE = new Set([
  "x-request-id",
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "vary",
  "date",
  "etag",
]);

/**
 * Serves anonymous GETs of public pages from memory, before the framework runs. A request with any
 * cookie (a session, a pending toast), an Authorization header or any other method passes through.
 * Every successful write clears it (here, and on every other process through the cache registry),
 * so it never shows stale content after a change; a short TTL bounds anything else.
 *
 * An entry is served exactly as it was rendered, CSP header and nonce included (decision 018): the
 * document is fixed, so nothing injected into it can have known its nonce. That makes every hit the
 * same bytes: compressed once per encoding, with an ETag that answers 304.
 */
export class PageCache implements ClearableCache {
  readonly name = "pages";
  private entries = new Map<string, Entry>();

  clear() {
    this.entries.clear();
  }

  size() {
    return this.entries.size;
  }

  /**
   * `onWrite` runs after a successful write and before its response ends, so the writer (and anyone
   * it tells) reads fresh pages from any process as soon as it hears back.
   */
  middleware(onWrite: () => void | Promise<void>) {
    return (req: Request, res: Response, next: NextFunction) => {
      const cacheable =
        (req.method === "GET" || req.method === "HEAD") &&
        !req.headers.cookie &&
        !req.headers.authorization &&
        CACHEABLE_PATHS.some((path) => path.test(req.path));
      if (!cacheable) {
        if (req.method !== "GET" && req.method !== "HEAD") {
          // A write that succeeded may change what the public pages show: clear (here and on the
          // other processes) before any of the answer leaves, so not even its status line can
          // reach the writer first. Answers to writes are small: held in memory until then.
          const write = res.write.bind(res) as (...args: unknown[]) => boolean;
          const end = res.end.bind(res) as (...args: unknown[]) => Response;
          const held: unknown[][] = [];
          res.write = ((...args: unknown[]) => {
            held.push(args);
            return true;
          }) as typeof res.write;
          res.end = ((...args: unknown[]) => {
            const release = () => {
              for (const chunk of held) write(...chunk);
              end(...args);
            };
            if (res.statusCode >= 400) release();
            else
              Promise.resolve()
                .then(onWrite)
                .catch(() => {})
                .finally(release);
            return res;
          }) as typeof res.end;
        }
        return next();
      }
      // Anonymous and signed-in visitors get different pages at the same address.
      res.vary("Cookie");
      const key = req.originalUrl;
      const hit = this.entries.get(key);
      if (hit && Date.now() - hit.storedAt < TTL_MS) {
        this.serve(req, res, hit);
        return;
      }
      this.capture(req, res, key);
      res.setHeader("X-Cache", "MISS");
      next();
    };
  }

  private serve(req: Request, res: Response, hit: Entry) {
    for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
    res.setHeader("X-Cache", "HIT");
    res.setHeader("ETag", hit.etag);
    const encoding = this.encodingFor(req, hit);
    if (encoding !== null) res.vary("Accept-Encoding");
    if (ifNoneMatch(req.headers["if-none-match"], hit.etag)) {
      res.status(304).end();
      return;
    }
    const body = bodyIn(hit, encoding ?? "identity");
    // Setting the encoding here also tells the compression middleware to leave the body alone.
    if (encoding && encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.status(hit.status);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** The encoding to send, or null when the body is too small or not text to be worth one. */
  private encodingFor(req: Request, hit: Entry): Encoding | null {
    const type = hit.headers["content-type"] ?? "";
    const compressible = /^(text\/|application\/(xml|rss\+xml|json))/.test(type);
    if (!compressible || (hit.bodies.identity?.length ?? 0) < COMPRESS_FROM_BYTES) return null;
    // Brotli when the client takes it (smaller), whatever order it lists them in.
    if (req.acceptsEncodings("br") === "br") return "br";
    return req.acceptsEncodings("gzip") === "gzip" ? "gzip" : "identity";
  }

  private capture(req: Request, res: Response, key: string) {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(
              chunk as string,
              (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding,
            ),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const storable =
        req.method === "GET" && res.statusCode === 200 && !res.getHeader("set-cookie");
      if (storable) {
        const body = Buffer.concat(chunks);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (!PER_RESPONSE.has(name) && value !== undefined) headers[name] = String(value);
        }
        if (this.entries.size >= MAX_ENTRIES)
          this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, {
          status: 200,
          headers,
          bodies: { identity: body },
          // Weak: the same page in another content encoding shares it.
          etag: `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`,
          storedAt: Date.now(),
        });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
  }
}

/** The entry's body in an encoding, compressed on first use and kept. */
function bodyIn(entry: Entry, encoding: Encoding): Buffer {
  const kept = entry.bodies[encoding];
  if (kept) return kept;
  const identity = entry.bodies.identity!;
  const body =
    encoding === "br"
      ? zlib.brotliCompressSync(identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        })
      : zlib.gzipSync(identity, { level: 9 });
  entry.bodies[encoding] = body;
  return body;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
