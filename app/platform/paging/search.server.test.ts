import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prefixQuery } from "./search.server";

describe("staff search words", () => {
  it("become required word prefixes; an address by its parts", () => {
    expect(prefixQuery("Ada lantern")).toBe("'ada':* & 'lantern':*");
    expect(prefixQuery("ada.q@players.example")).toBe(
      "'ada':* & 'q':* & 'players':* & 'example':*",
    );
    expect(prefixQuery("first-last+tag")).toBe("'first-last+tag':*");
    expect(prefixQuery("Ünïcødé 42")).toBe("'ünïcødé':* & '42':*");
  });

  it("no word, no condition", () => {
    for (const search of [undefined, "", "   ", "'\"&|!():*<->", "@.@"]) {
      expect(prefixQuery(search), String(search)).toBeNull();
    }
  });

  it("nothing but letters, digits and inner joiners ever reaches the query text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (search) => {
        const query = prefixQuery(search);
        if (query === null) return;
        for (const term of query.split(" & ")) {
          expect(term).toMatch(/^'[\p{L}\p{N}]+(?:[_+-][\p{L}\p{N}]+)*':\*$/u);
        }
      }),
    );
  });
});
