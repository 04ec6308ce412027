import { describe, expect, it } from "vitest";
import { domainsMatch } from "./domain-match";
import { keySealer } from "./key-crypto.server";
import { parseKeyBatch } from "./key-import";

describe("domainsMatch", () => {
  it.each([
    ["ana@example.com", "https://example.com/reviews", true],
    ["ana@example.com", "https://www.example.com/", true],
    ["ana@news.example.com", "https://example.com", true],
    ["ana@example.com", "https://games.example.com", true],
    ["ANA@Example.COM", "https://EXAMPLE.com", true],
    ["ana@gmail.com", "https://example.com", false],
    ["ana@example.com.evil.net", "https://example.com", false],
    ["ana@notexample.com", "https://example.com", false],
    ["ana@example.com", "not a url", false],
    ["ana@com", "https://example.com", false],
    // User-info in the URL: the host is attacker.test, whatever the text before @ says.
    ["ana@attacker.test", "https://www.ign.com@attacker.test/", false],
    ["ana@ign.com", "https://www.ign.com@attacker.test/", false],
    ["ana@attacker.com", "https://ign.com:pw@attacker.com/", false],
    // The registrable domain, not a public suffix: co.uk is no one's domain.
    ["ana@co.uk", "https://www.bbc.co.uk/news", false],
    ["ana@bbc.co.uk", "https://www.bbc.co.uk/news", true],
    ["ana@news.bbc.co.uk", "https://bbc.co.uk", true],
  ])("%s for %s: %s", (email, url, expected) => {
    expect(domainsMatch(email, url)).toBe(expected);
  });
});

describe("keySealer", () => {
  const scope = { gameId: "g1", platform: "Steam" };
  const sealer = keySealer({ AUTH_SECRET: "a".repeat(32) });

  it("opens what it sealed, and the sealed text does not hold the key", () => {
    const sealed = sealer.seal("ABCD-EFGH-IJKL", scope);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("ABCD");
    expect(sealer.open(sealed, scope)).toBe("ABCD-EFGH-IJKL");
    expect(sealer.seal("ABCD-EFGH-IJKL", scope)).not.toBe(sealed);
  });

  it("refuses another secret, another scope and a changed byte", () => {
    const sealed = sealer.seal("KEY-1", scope);
    expect(() => keySealer({ AUTH_SECRET: "b".repeat(32) }).open(sealed, scope)).toThrow();
    expect(() =>
      keySealer({ AUTH_SECRET: "a".repeat(32), PRESS_KEYS_SECRET: "c".repeat(32) }).open(
        sealed,
        scope,
      ),
    ).toThrow();
    expect(() => sealer.open(sealed, { ...scope, platform: "Xbox" })).toThrow();
    // Flip one bit of the ciphertext itself: a base64 character swap can land in padding bits.
    const raw = Buffer.from(sealed.slice(3), "base64url");
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    const flipped = `v1.${raw.toString("base64url")}`;
    expect(flipped).not.toBe(sealed);
    expect(() => sealer.open(flipped, scope)).toThrow();
  });

  it("fingerprints the same key the same way, per secret", () => {
    expect(sealer.fingerprint("K")).toBe(sealer.fingerprint("K"));
    expect(sealer.fingerprint("K")).not.toBe(
      keySealer({ AUTH_SECRET: "b".repeat(32) }).fingerprint("K"),
    );
  });
});

describe("parseKeyBatch", () => {
  it("reads pasted lines, skipping blanks and doubles", () => {
    expect(parseKeyBatch("AAA-1\n\n  BBB-2  \r\nAAA-1\n")).toEqual({
      keys: ["AAA-1", "BBB-2"],
      problems: [],
    });
  });

  it("reads a CSV's first column under a header, quoted or not", () => {
    expect(parseKeyBatch('key,platform\n"AAA,1",Steam\nBBB-2;Steam\nCCC-3\tSteam')).toEqual({
      keys: ["AAA,1", "BBB-2", "CCC-3"],
      problems: [],
    });
  });

  it("names what is wrong", () => {
    expect(parseKeyBatch("  \n").problems).toEqual(["Paste at least one key."]);
    expect(parseKeyBatch(`ok\n${"x".repeat(201)}`).problems[0]).toMatch(
      /^Line 2: a key is at most/,
    );
  });
});
