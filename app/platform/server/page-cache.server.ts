import crypto from "node:crypto";
import type {
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  ServerResponse,
} from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { CacheKind, ClearableCache } from "./caches.server";
import { bodyIn, type Entry, encodingFor, ifNoneMatch } from "./page-cache-entries.server";

import { CACHEABLE_PATHS } from "./page-cache-paths";

export { acceptedEncodings } from "./page-cache-entries.server";
export {
  CACHEABLE_PATHS,
  isSharedPage,
  READER_PAGE_PATHS,
  SHARED_PAGE_SECONDS,
  SHARED_STALE_SECONDS,
} from "./page-cache-paths";

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
  "x-cache",
]);

/** The parts of a request that name a kept page: plain Node and Express requests both have them. */
type KeyedRequest = { method?: string; url?: string; headers: IncomingHttpHeaders };

type PageCacheOptions = {
  /** The name Clear Cache and the registry know it by. */
  name?: string;
  /** The paths it keeps (CACHEABLE_PATHS: the public pages). */
  paths?: readonly RegExp[];
  /** The CSP of a shared page, from its document and its path. */
  sharedPolicy?: (document: string, path: string) => string;
  /**
   * Keeps the pages of signed-in readers instead of anonymous ones: one copy per
   * Cookie header and address. `viewerOf` is what the session cache keeps for a session cookie
   * (undefined when it keeps nothing): a copy is kept only when the render began and ended with
   * the same kept viewer (so it was rendered for that viewer), and served only while the session
   * cache still keeps that very object. Cleared by the writes of public content and by those of
   * sessions and viewers (role, profile, theme).
   */
  signedIn?: {
    sessionCookieOf(header: string): string | null;
    viewerOf(sessionCookie: string): object | undefined;
  };
};

/**
 * Serves anonymous GETs of public pages from memory, before the framework runs. A request with any
 * cookie (a session, a pending toast), an Authorization header or any other method passes through.
 * (With `signedIn`, the other way round: signed-in readers' copies, one per Cookie header.)
 * The writes that change what the pages show (news, games) clear it, here and on every other
 * process, through the cache registry; no other request does. A short TTL bounds
 * anything else.
 *
 * A shared page's CSP is made from its own bytes: `sharedPolicy` gets the whole document and
 * returns the header (the hashes of its inline scripts). The response is held until it is complete
 * so the header can name them; documents are rendered whole anyway (entry.server.tsx). Every visitor
 * then gets the same bytes: compressed once per encoding, with an ETag that answers 304.
 */
export class PageCache implements ClearableCache {
  readonly name: string;
  readonly holds: readonly CacheKind[];
  private readonly paths: readonly RegExp[];
  private entries = new Map<string, Entry>();
  // Bumped by every clear: a render that began before a clear may hold data from before the write,
  // so it is sent but not kept.
  private generation = 0;

  constructor(private readonly options: PageCacheOptions = {}) {
    this.name = options.name ?? "pages";
    this.paths = options.paths ?? CACHEABLE_PATHS;
    this.holds = options.signedIn ? ["public", "sessions"] : ["public"];
  }

  /**
   * The key this cache keeps the request's answer under, or null when it does not keep it: a GET or
   * HEAD of one of its paths without an Authorization header, and without any cookie (anonymous),
   * or, keeping signed-in pages, with a session cookie (the whole Cookie header is in the key).
   */
  keyOf(req: KeyedRequest): string | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (req.headers.authorization) return null;
    const url = req.url ?? "/";
    const path = url.split("?", 1)[0] ?? url;
    if (!this.paths.some((pattern) => pattern.test(path))) return null;
    const cookie = req.headers.cookie;
    const { signedIn } = this.options;
    if (!signedIn) return cookie ? null : url;
    if (!cookie || signedIn.sessionCookieOf(cookie) === null) return null;
    return `${cookie}\n${url}`;
  }

  /** The key of a kept, fresh answer this request may be served (signed in: its viewer's own). */
  private servableKey(req: KeyedRequest): string | null {
    const key = this.keyOf(req);
    if (key === null || !this.isFresh(key)) return null;
    if (!this.options.signedIn) return key;
    const viewer = this.viewerOf(req);
    return viewer !== undefined && this.entries.get(key)!.viewer === viewer ? key : null;
  }

  /** The viewer the session cache keeps for the request's session cookie, if any. */
  private viewerOf(req: KeyedRequest): object | undefined {
    const { signedIn } = this.options;
    const session = signedIn?.sessionCookieOf(req.headers.cookie ?? "");
    return session ? signedIn!.viewerOf(session) : undefined;
  }

  clear() {
    this.entries.clear();
    this.generation++;
  }

  size() {
    return this.entries.size;
  }

  /**
   * Serves a hit, or captures the response to keep it. With `serve: false` it only captures: the
   * hits are served earlier, by `gatedHits`.
   */
  middleware({ serve = true }: { serve?: boolean } = {}) {
    return (req: Request, res: Response, next: NextFunction) => {
      const key = this.keyOf(req);
      if (key === null) return next();
      if (serve && this.serveHit(req, res)) return;
      // Anonymous and signed-in visitors get different pages at the same address.
      res.vary("Cookie");
      this.capture(req, res, key);
      res.setHeader("X-Cache", "MISS");
      next();
    };
  }

  /**
   * Serves hits once `gate` lets the request through (a rate limit that must count every request);
   * a request it holds back, or one with no fresh copy, goes on to the router, which answers it
   * (a refusal included). `extraHeaders` are the per-response ones.
   */
  gatedHits(
    gate: (req: Request) => Promise<boolean>,
    extraHeaders: (req: Request) => OutgoingHttpHeaders,
  ) {
    return (req: Request, res: Response, next: NextFunction) => {
      if (this.servableKey(req) === null) return next();
      gate(req).then(
        (pass) => {
          if (!pass || !this.serveHit(req, res, extraHeaders(req))) next();
        },
        (error) => next(error),
      );
    };
  }

  private isFresh(key: string): boolean {
    const hit = this.entries.get(key);
    return hit !== undefined && Date.now() - hit.storedAt < TTL_MS;
  }

  /**
   * Answers a request from memory when it is an anonymous GET or HEAD of a public page that is
   * kept and fresh; false otherwise. Plain Node objects: the server calls it before Express runs,
   * so a hit costs little more than writing the bytes. `extraHeaders` are the
   * per-response ones (request id, Connection: close while shutting down).
   */
  serveHit(req: IncomingMessage, res: ServerResponse, extraHeaders?: OutgoingHttpHeaders): boolean {
    const key = this.servableKey(req);
    if (key === null) return false;
    const hit = this.entries.get(key)!;

    const encoding = encodingFor(req.headers["accept-encoding"], hit);
    // A flat list: the cheapest form writeHead takes (this runs for every hit).
    const headers = [
      ...hit.headerList,
      "Vary",
      encoding === null ? "Cookie" : "Cookie, Accept-Encoding",
      "ETag",
      hit.etag,
      "X-Cache",
      "HIT",
    ];
    if (extraHeaders) {
      for (const [name, value] of Object.entries(extraHeaders)) {
        if (value !== undefined) headers.push(name, String(value));
      }
    }
    if (ifNoneMatch(req.headers["if-none-match"], hit.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const body = bodyIn(hit, encoding ?? "identity");
    // Setting the encoding also tells the compression middleware (if it runs) to leave it alone.
    if (encoding && encoding !== "identity") headers.push("Content-Encoding", encoding);
    headers.push("Content-Length", String(body.length));
    res.writeHead(hit.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
    return true;
  }

  /**
   * Holds a shared page's response until it is complete, then sets its CSP from the whole document,
   * sends it, and keeps it when it is a plain 200 rendered since the last clear.
   */
  private capture(req: Request, res: Response, key: string) {
    // Signed in: the viewer kept when the render began; the render used it.
    const viewer = this.viewerOf(req);
    const generation = this.generation;
    const chunks: Buffer[] = [];
    const held: unknown[][] = [];
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
    res.write = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      held.push(args);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const body = Buffer.concat(chunks);
      if (this.options.sharedPolicy && !res.headersSent) {
        res.setHeader(
          "Content-Security-Policy",
          this.options.sharedPolicy(body.toString("utf8"), req.path),
        );
      }
      // A signed-in page is kept only when its session was kept from the render's start to its
      // end: then the render used that viewer (no lookup that could fail or differ).
      const storable =
        req.method === "GET" &&
        res.statusCode === 200 &&
        !res.getHeader("set-cookie") &&
        generation === this.generation &&
        (!this.options.signedIn || (viewer !== undefined && this.viewerOf(req) === viewer));
      if (storable) this.store(key, res, body, viewer);
      for (const args of held) write(...args);
      return end(chunk, ...rest);
    }) as typeof res.end;
  }

  private store(key: string, res: Response, body: Buffer, viewer?: object) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (!PER_RESPONSE.has(name) && value !== undefined) headers[name] = String(value);
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
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
      storedAt: Date.now(),
      viewer,
    });
  }
}
