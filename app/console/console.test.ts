import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";
import { connectionTier, loadTimeTier, memoryTier } from "./tiers";

describe("console formats", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it.each([
    ["2026-11-22T11:59:30Z", "Just now"],
    ["2026-11-22T11:59:00Z", "1 minute ago"],
    ["2026-11-22T11:15:00Z", "45 minutes ago"],
    ["2026-11-22T09:00:00Z", "3 hours ago"],
    ["2026-11-21T11:00:00Z", "1 day ago"],
    ["2026-11-12T12:00:00Z", "10 days ago"],
  ])("%s is '%s'", (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });

  it("uses the spec's tiers", () => {
    expect([1000, 1001, 3000, 3001].map(loadTimeTier)).toEqual(["Good", "Fair", "Fair", "Poor"]);
    expect([50, 51, 80, 81].map(memoryTier)).toEqual(["Good", "Fair", "Fair", "Poor"]);
    expect(["4g", "3g", "2g", "slow-2g", undefined, "wifi"].map(connectionTier)).toEqual([
      "Fast",
      "Medium",
      "Slow",
      "Slow",
      "Unknown",
      "Unknown",
    ]);
  });
});
