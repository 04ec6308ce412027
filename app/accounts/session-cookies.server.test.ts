import { describe, expect, it } from "vitest";
import { sessionCookiesIn } from "./session-cookies.server";

describe("session cookies", () => {
  it("reads the session cookie, plain or __Secure-, and nothing else", () => {
    expect(sessionCookiesIn("theme=dark; studio.session_token=abc.sig; x=1")).toEqual(["abc.sig"]);
    expect(sessionCookiesIn("__Secure-studio.session_token=tok.sig")).toEqual(["tok.sig"]);
    expect(sessionCookiesIn("other.session_token=nope")).toEqual([]);
    expect(sessionCookiesIn("xstudio.session_token=nope")).toEqual([]);
    expect(sessionCookiesIn(null)).toEqual([]);
    expect(sessionCookiesIn("studio.session_token=a; studio.session_token=b")).toEqual(["a", "b"]);
  });
});
