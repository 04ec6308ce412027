import { describe, expect, it } from "vitest";
import { sealedBox } from "./sealed-box.server";

const SECRET = "test-secret-test-secret-test-secret-1234";
const purpose = { salt: "a salt", info: "a purpose/v1" };

describe("sealed box", () => {
  it("opens what it sealed, only at the same place and under the same secret and purpose", () => {
    const box = sealedBox(SECRET, purpose);
    const sealed = box.seal("https://discord.com/api/webhooks/1/token", "row-1\nurl");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("discord");
    expect(box.open(sealed, "row-1\nurl")).toBe("https://discord.com/api/webhooks/1/token");
    expect(() => box.open(sealed, "row-2\nurl")).toThrow();
    expect(() => sealedBox(`${SECRET}x`, purpose).open(sealed, "row-1\nurl")).toThrow();
    expect(() =>
      sealedBox(SECRET, { ...purpose, info: "other" }).open(sealed, "row-1\nurl"),
    ).toThrow();
    // Two seals of one value differ (a fresh IV each time).
    expect(box.seal("same", "a")).not.toBe(box.seal("same", "a"));
  });
});
