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
  ])("%j -> %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});
