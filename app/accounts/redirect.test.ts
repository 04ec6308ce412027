import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it.each([
    ["/profile", "/profile"],
    ["/admin?tab=news", "/admin?tab=news"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    [null, "/"],
    // Found by fuzzing: a Location header cannot carry these, and the sign-in answered 500.
    ["/\u1540\u1640", "/"],
    ["/news\r\nSet-Cookie: x=1", "/"],
    ["/a b", "/"],
    ["/news/%C3%A9?x=1", "/news/%C3%A9?x=1"],
  ])("%j -> %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
