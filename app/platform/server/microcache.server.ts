import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { bodyIn, type Entry, encodingFor, ifNoneMatch } from "./microcache-entries.server";

/**
 * The site's one cache: whole responses to anonymous GETs, kept as long as their own
 * `Cache-Control: s-maxage` says (about a second), as a shared cache in front (nginx, a CDN) would.
 * Nobody clears it: freshness comes from the short lifetime. One render at a time per address: while
 * a page is being rendered again, other visitors get the copy it replaces (for at most its
 * `stale-while-revalidate` seconds), and visitors who find no copy wait for that render.
 *
 * A request with a cookie (a session, a pending toast) or an Authorization header is never
 * answered from it nor kept: it is rendered for its reader. A response is kept only when it says
 * so (`public` with `s-maxage`), is a 200 and sets no cookie.
 */
/** Whether an answer may be kept and given to others: a 200 to a GET, public for a shared cache. */
function shareable(req: Request, res: Response): boolean {
  return (
    req.method === "GET" &&
    res.statusCode === 200 &&
    res.getHeader("set-cookie") === undefined &&
    sharedLifetime(res.getHeader("cache-control")) !== null
  );
}

export class Microcache {
  private entries = new Map<string, Entry>();
  /** Renders under way, by address: the promise settles when the response is finished. */
  private renders = new Map<string, Promise<void>>();
  /** The requests that render an address for the cache, and the address. */
  private renderers = new WeakMap<IncomingMessage, string>();

  constructor(private readonly options: { maxEntries?: number; now?: () => number } = {}) {}

  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** The address a request is kept under, or null when the cache must not answer it. */
  keyOf(req: IncomingMessage & { originalUrl?: string }): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (req.headers.cookie || req.headers.authorization) return null;
    // The whole address: inside a mounted Express middleware `url` is only the part after it.
    return req.originalUrl ?? req.url ?? "/";
  }

  /**
   * Answers from memory when it can (a fresh copy, or a stale one while another request renders
   * it), waits for a render under way when there is no copy, and otherwise calls `render`: the
   * request goes on to the site, and `capture` keeps its response.
   * `extraHeaders` are the per-response ones (request id, Connection: close while shutting down).
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    extraHeaders: OutgoingHttpHeaders,
    render: () => void,
  ): void {
    const key = this.keyOf(req);
    if (key === null) {
      render();
      return;
    }
    const entry = this.entries.get(key);
    const age = entry ? this.now() - entry.storedAt : Number.POSITIVE_INFINITY;
    if (entry && age < entry.freshMs) {
      this.send(entry, req, res, extraHeaders, "HIT");
      return;
    }
    const underway = this.renders.get(key);
    if (entry && age < entry.freshMs + entry.staleMs && underway) {
      this.send(entry, req, res, extraHeaders, "STALE");
      return;
    }
    if (underway) {
      // No copy to give: the render under way answers this one too (or it renders on its own).
      underway.then(() => {
        const fresh = this.entries.get(key);
        if (fresh && this.now() - fresh.storedAt < fresh.freshMs + fresh.staleMs)
          this.send(fresh, req, res, extraHeaders, "HIT");
        else render();
      });
      return;
    }
    this.renderers.set(req, key);
    render();
  }

  /** Express middleware, after compression: keeps the response of a request `handle` let render. */
  capture() {
    return (req: Request, res: Response, next: NextFunction) => {
      const key = this.renderers.get(req);
      if (key === undefined) return next();
      this.renderers.delete(req);
      let finished = () => {};
      this.renders.set(
        key,
        new Promise<void>((resolve) => {
          finished = () => {
            if (this.renders.get(key) === rendering) this.renders.delete(key);
            resolve();
          };
        }),
      );
      const rendering = this.renders.get(key);
      res.on("close", finished);
      res.setHeader("X-Cache", "MISS");
      // The body is gathered only when its headers say it may be kept: a download streamed to a
      // visitor (a press kit's zip) is never held whole in memory on its way out.
      let chunks: Buffer[] | null = [];
      let decided = false;
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      const collect = (chunk: unknown, encoding: unknown) => {
        if (!decided) {
          decided = true;
          if (!shareable(req, res)) chunks = null;
        }
        if (chunks === null || chunk == null || typeof chunk === "function") return;
        chunks.push(
          Buffer.isBuffer(chunk)
            ? chunk
            : Buffer.from(
                chunk as string,
                (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding,
              ),
        );
      };
      res.write = ((...args: unknown[]) => {
        collect(args[0], args[1]);
        return write(...args);
      }) as typeof res.write;
      res.end = ((...args: unknown[]) => {
        collect(args[0], args[1]);
        this.keep(key, req, res, chunks === null ? null : Buffer.concat(chunks));
        const ended = end(...args);
        finished();
        return ended;
      }) as typeof res.end;
      next();
    };
  }

  /** Empties the cache (the console's Clear Cache). */
  clear() {
    this.entries.clear();
  }

  size() {
    return this.entries.size;
  }

  private keep(key: string, req: Request, res: Response, body: Buffer | null) {
    const lifetime = sharedLifetime(res.getHeader("cache-control"));
    if (body === null || !shareable(req, res) || lifetime === null) {
      // What the address answers now is not to be shared: no older copy is given out either.
      this.entries.delete(key);
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!PER_RESPONSE.has(name) && value !== undefined) headers[name] = String(value);
    }
    const max = this.options.maxEntries ?? 500;
    this.entries.delete(key);
    if (this.entries.size >= max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, {
      status: 200,
      headers,
      headerList: Object.entries(headers).flat(),
      compressible:
        /^(text\/|application\/(xml|rss\+xml|json))/.test(headers["content-type"] ?? "") &&
        body.length >= COMPRESS_FROM_BYTES,
      bodies: { identity: body },
      // Weak: the same page in another content encoding shares it.
      etag: `W/"${crypto.createHash("sha1").update(body).digest("base64url")}"`,
      storedAt: this.now(),
      freshMs: lifetime.fresh * 1000,
      staleMs: lifetime.stale * 1000,
    });
  }

  private send(
    entry: Entry,
    req: IncomingMessage,
    res: ServerResponse,
    extraHeaders: OutgoingHttpHeaders,
    state: "HIT" | "STALE",
  ) {
    const encoding = encodingFor(req.headers["accept-encoding"], entry);
    // A flat list: the cheapest form writeHead takes (this runs for every hit).
    const headers = [
      ...entry.headerList,
      "Vary",
      encoding === null ? "Cookie" : "Cookie, Accept-Encoding",
      "ETag",
      entry.etag,
      "X-Cache",
      state,
    ];
    for (const [name, value] of Object.entries(extraHeaders)) {
      if (value !== undefined) headers.push(name, String(value));
    }
    if (ifNoneMatch(req.headers["if-none-match"], entry.etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const body = bodyIn(entry, encoding ?? "identity");
    if (encoding && encoding !== "identity") headers.push("Content-Encoding", encoding);
    headers.push("Content-Length", String(body.length));
    res.writeHead(entry.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }
}

/** Bodies smaller than this go out as they are (as the compression middleware does). */
const COMPRESS_FROM_BYTES = 1024;
/** Headers that belong to one response, never to a kept copy. */
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
  "x-cache",
]);

/**
 * How long a shared cache may keep a response by its Cache-Control (`public` and `s-maxage`), and
 * serve it stale while fetching a fresh one; null when it may not keep it.
 */
export function sharedLifetime(
  header: string | number | string[] | undefined,
): { fresh: number; stale: number } | null {
  const value = String(header ?? "").toLowerCase();
  if (!/(^|,)\s*public\s*(,|$)/.test(value) || /no-store|private/.test(value)) return null;
  const fresh = /s-maxage=(\d+)/.exec(value);
  if (!fresh) return null;
  const stale = /stale-while-revalidate=(\d+)/.exec(value);
  return { fresh: Number(fresh[1]), stale: stale ? Number(stale[1]) : 0 };
}
