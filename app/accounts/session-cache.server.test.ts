import { describe, expect, it } from "vitest";
import {
  type ResolvedSession,
  SESSION_CACHE_MS,
  SessionCache,
  sessionCookieOf,
  sessionCookiesIn,
} from "./session-cache.server";

const session = (expiresAt: number): ResolvedSession => ({
  user: { id: "u1", email: "a@example.com", createdAt: new Date(0) },
  session: { id: "s1", expiresAt: new Date(expiresAt) },
});

describe("the session cache", () => {
  it("keeps an answer for SESSION_CACHE_MS, never past the session's own expiry", () => {
    let now = 1_000_000;
    const cache = new SessionCache<ResolvedSession>(() => now);
    const long = session(now + 3_600_000);
    const ending = session(now + 5_000);
    cache.keep("long", long, long.session.expiresAt, cache.begin());
    cache.keep("ending", ending, ending.session.expiresAt, cache.begin());
    now += 4_000;
    expect(cache.get("long")?.session.id).toBe("s1");
    expect(cache.get("ending")?.session.id).toBe("s1");
    now += 2_000;
    expect(cache.get("ending")).toBeUndefined();
    now += SESSION_CACHE_MS;
    expect(cache.get("long")).toBeUndefined();
  });

  it("a clear forgets everything, and a lookup that began before it keeps nothing", () => {
    const cache = new SessionCache<ResolvedSession>();
    const later = new Date(Date.now() + 60_000);
    cache.keep("a", session(later.getTime()), later, cache.begin());
    const lookup = cache.begin();
    cache.clear();
    expect(cache.get("a")).toBeUndefined();
    cache.keep("b", session(later.getTime()), later, lookup);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it("reads the session cookie, plain or __Secure-, and nothing else", () => {
    expect(sessionCookieOf("theme=dark; studio.session_token=abc.sig; x=1")).toBe("abc.sig");
    expect(sessionCookieOf("__Secure-studio.session_token=tok.sig")).toBe("tok.sig");
    expect(sessionCookieOf("other.session_token=nope")).toBeNull();
    expect(sessionCookieOf("xstudio.session_token=nope")).toBeNull();
    expect(sessionCookieOf(null)).toBeNull();
    // Two session cookies (one planted beside the real one): which counts is the auth library's
    // call, so neither is used as a key.
    expect(
      sessionCookieOf("studio.session_token=planted; __Secure-studio.session_token=real"),
    ).toBeNull();
    expect(sessionCookiesIn("studio.session_token=a; studio.session_token=b")).toEqual(["a", "b"]);
  });
});
