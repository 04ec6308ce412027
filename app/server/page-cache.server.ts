import crypto from "node:crypto";
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

type Entry = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  etag: string;
  /** The CSP nonce the page was rendered with; replaced by each response's own nonce. */
  nonce: string | null;
  storedAt: number;
};

const MAX_ENTRIES = 500;
const TTL_MS = 60_000;
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
  // Each response keeps the CSP (and nonce) the security headers gave it.
  "content-security-policy",
]);

/**
 * Serves anonymous GETs of public pages from memory, before the framework runs. A request with any
 * cookie (a session, a pending toast) or any other method passes through. Every successful write
 * clears it (here, and on every other process through the cache registry), so it never shows stale
 * content after a change; a short TTL bounds anything else.
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
      const key = req.originalUrl;
      const hit = this.entries.get(key);
      if (hit && Date.now() - hit.storedAt < TTL_MS) {
        for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
        res.setHeader("X-Cache", "HIT");
        const nonce = res.locals.nonce as string | undefined;
        if (hit.nonce && nonce) {
          // Each response keeps its own CSP nonce (set by the security headers), so the cached page
          // gets it too. Such pages differ per response: no ETag for them.
          const body = hit.body
            .toString("utf8")
            .replaceAll(`nonce="${hit.nonce}"`, `nonce="${nonce}"`);
          res.status(hit.status);
          res.end(req.method === "HEAD" ? undefined : body);
          return;
        }
        res.setHeader("ETag", hit.etag);
        if (req.headers["if-none-match"] === hit.etag) {
          res.status(304).end();
          return;
        }
        res.status(hit.status);
        if (req.method === "HEAD") res.end();
        else res.end(hit.body);
        return;
      }
      this.capture(req, res, key);
      res.setHeader("X-Cache", "MISS");
      next();
    };
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
        const etag = `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
        const nonce = (res.locals.nonce as string | undefined) ?? null;
        const usesNonce = nonce !== null && body.includes(`nonce="${nonce}"`);
        this.entries.set(key, {
          status: 200,
          headers,
          body,
          etag,
          nonce: usesNonce ? nonce : null,
          storedAt: Date.now(),
        });
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
  }
}
