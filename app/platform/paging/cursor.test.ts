import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, pageHref, pageRequestFrom } from "./cursor";

const AT = "2026-11-23T10:00:00.123456Z";
const ID = "0b6f3b9e-2d47-4c1e-9a55-3f1c2f4b8a10";

describe("cursors", () => {
  it("travel as one URL-safe token and come back as they were", () => {
    const token = encodeCursor({ at: AT, id: ID });
    expect(token).toMatch(/^[\w-]+$/);
    expect(decodeCursor(token)).toEqual({ at: AT, id: ID });
    expect(decodeCursor(encodeCursor({ at: AT, id: "abcDEF123_x" }), "text")).toEqual({
      at: AT,
      id: "abcDEF123_x",
    });
  });

  it("a token that is not ours is refused, never passed on to a query", () => {
    const refused = [
      "",
      "not a cursor",
      encodeCursor({ at: "2026-11-23", id: ID }),
      encodeCursor({ at: AT, id: "not-a-uuid" }),
      encodeCursor({ at: "2026-13-45T99:00:00.000000Z'); drop table news; --", id: ID }),
      encodeCursor({ at: AT, id: "x'; select 1" }),
      "a".repeat(300),
    ];
    for (const token of refused) expect(decodeCursor(token), token).toBeNull();
    expect(decodeCursor(encodeCursor({ at: AT, id: "has space" }), "text")).toBeNull();
    fc.assert(
      fc.property(fc.string(), (token) => {
        const cursor = decodeCursor(token);
        if (cursor) expect(encodeCursor(cursor)).toBe(token.replace(/=+$/, ""));
      }),
    );
  });

  it("a URL asks for the first page, an older one or a newer one; both or a bad one is null", () => {
    const token = encodeCursor({ at: AT, id: ID });
    expect(pageRequestFrom(new URLSearchParams(""))).toEqual({ direction: "first" });
    expect(pageRequestFrom(new URLSearchParams({ before: token }))).toEqual({
      direction: "older",
      cursor: { at: AT, id: ID },
    });
    expect(pageRequestFrom(new URLSearchParams({ after: token }))?.direction).toBe("newer");
    expect(pageRequestFrom(new URLSearchParams({ before: token, after: token }))).toBeNull();
    expect(pageRequestFrom(new URLSearchParams({ before: "zzz" }))).toBeNull();
  });

  it("a page link keeps the list's other parameters and replaces the cursor", () => {
    const params = new URLSearchParams({ q: "lantern festival", before: "old" });
    expect(pageHref("/news", params, { after: "abc" })).toBe("/news?q=lantern+festival&after=abc");
    expect(pageHref("/news", new URLSearchParams(), { before: "abc" })).toBe("/news?before=abc");
  });
});
