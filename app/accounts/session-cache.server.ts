import type { ClearableCache } from "~/platform/server/caches.server";

// Sessions resolved without a database query on most requests: the signed-in
// user a session cookie stands for (the auth library's answer, with the role, profile and theme
// read beside it) is kept for a few seconds. Any write that ends a session or changes what it
// carries clears this cache on every process before its answer (CacheRegistry's
// `sessionsChanged`), so an ended session is refused at once everywhere and a new role or name
// shows at once; the short life bounds everything else (a session expiring, the library extending
// it).

/** The part of the auth library's session answer the site reads. */
export type ResolvedSession = {
  user: { id: string; email: string; createdAt: Date | string; twoFactorEnabled?: boolean | null };
  session: { id: string; expiresAt: Date | string };
};

export const SESSION_CACHE_MS = 30_000;
const MAX_SESSIONS = 10_000;

/** `V`: what is kept for a session cookie (the signed-in user, `SessionUser`). */
export class SessionCache<V> implements ClearableCache {
  readonly name = "sessions";
  readonly holds = "sessions" as const;
  private entries = new Map<string, { value: V; until: number }>();
  // Bumped by every clear: a lookup that began before a clear may have read an ended session, so
  // its answer is used once but not kept.
  private generation = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The kept answer for this session cookie, while it is fresh. */
  get(cookie: string): V | undefined {
    const entry = this.entries.get(cookie);
    if (!entry) return undefined;
    if (this.now() < entry.until) return entry.value;
    this.entries.delete(cookie);
    return undefined;
  }

  /** Where a lookup starts: `keep` takes it back, and keeps nothing if a clear came in between. */
  begin(): number {
    return this.generation;
  }

  /** Keeps `value` for SESSION_CACHE_MS, never past `expiresAt` (the session's own end). */
  keep(cookie: string, value: V, expiresAt: Date | string, startedAt: number): void {
    if (startedAt !== this.generation) return;
    const until = Math.min(this.now() + SESSION_CACHE_MS, new Date(expiresAt).getTime());
    if (this.entries.size >= MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(cookie, { value, until });
  }

  clear(): void {
    this.entries.clear();
    this.generation++;
  }

  size(): number {
    return this.entries.size;
  }
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?studio\.session_token=([^;]*)/g;

/** Every session cookie in a Cookie header (`studio.session_token`, or its `__Secure-` form). */
export function sessionCookiesIn(header: string | null): string[] {
  if (!header) return [];
  return [...header.matchAll(SESSION_COOKIE)].map((match) => match[1] ?? "");
}

/**
 * The session cookie's value when the header carries exactly one session cookie; null with none,
 * and null with more than one: a second one (say a plain cookie planted beside the `__Secure-` one
 * on HTTPS) could name a different session than the one the auth library reads, and nothing may
 * be kept under it. The session cache, the reader pages and the pages' Cache-Control use it.
 */
export function sessionCookieOf(header: string | null): string | null {
  const found = sessionCookiesIn(header);
  return found.length === 1 && found[0] ? found[0] : null;
}
