import { describe, expect, it } from "vitest";
import { apiFailureMessage, apiPathFor, CONSOLE_TABLES } from "./api-tables";
import { healthFailed } from "./health-check";
import { relativeTime } from "./relative-time";
import { connectionTier, heapShare, loadTimeTier, memoryTier } from "./tiers";

describe("console formats", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it.each([
    ["2026-11-22T11:59:30Z", "Just now"],
    ["2026-11-22T11:59:00Z", "1 minute ago"],
    ["2026-11-22T11:15:00Z", "45 minutes ago"],
    ["2026-11-22T09:00:00Z", "3 hours ago"],
    ["2026-11-21T11:00:00Z", "1 day ago"],
    ["2026-11-12T12:00:00Z", "10 days ago"],
    // A clock a little ahead of this one is still 'Just now'.
    ["2026-11-22T12:00:05Z", "Just now"],
  ])("%s is '%s'", (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });

  it("only ever answers with the spec's buckets (no 'Never')", () => {
    const bucket = /^(Just now|\d+ (minute|hour|day)s? ago)$/;
    for (const iso of ["", "not a date", "1970-01-01T00:00:00Z", "2999-01-01T00:00:00Z"]) {
      expect(relativeTime(iso, now)).toMatch(bucket);
    }
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

describe("memory usage", () => {
  const MB = 2 ** 20;
  it("keeps a decimal below 10 %, so a small heap does not read as 0 %", () => {
    // What Chromium reports for a page: 10 MB used of a 3,586 MB limit.
    expect(heapShare(10_000_000, 3_760_000_000)).toEqual({
      percent: 0.3,
      usedMb: 10,
      limitMb: 3586,
    });
    expect(heapShare(1 * MB, 4096 * MB).percent).toBe(0.1);
    expect(heapShare(400 * MB, 4096 * MB).percent).toBe(9.8);
    expect(heapShare(2048 * MB, 4096 * MB).percent).toBe(50);
    expect(heapShare(3500 * MB, 4096 * MB).percent).toBe(85);
    expect(heapShare(0, 0).percent).toBe(0);
  });
});

describe("System Health", () => {
  it.each([
    ["healthy", "healthy", false],
    ["warning", "healthy", false],
    ["healthy", "warning", false],
    ["warning", "warning", false],
    ["error", "healthy", true],
    ["healthy", "error", true],
    ["warning", "error", true],
  ] as const)("database %s, auth %s: failed %s", (database, auth, failed) => {
    expect(healthFailed({ database, auth })).toBe(failed);
  });
});

describe("API tester tables", () => {
  it("takes every table name of the spec", () => {
    expect(CONSOLE_TABLES).toEqual([
      "news",
      "games",
      "contact_messages",
      "profiles",
      "user_roles",
      "user_activity",
      "user_preferences",
      "developer_work",
    ]);
    expect(apiPathFor("contact_messages")).toBe("messages");
    expect(apiPathFor(" news ")).toBe("news");
    // Names outside the list go to the API as typed (it answers 404), prototype names included.
    expect(apiPathFor("constructor")).toBe("constructor");
    expect(apiPathFor("a/b")).toBe("a%2Fb");
  });

  it("tells a refusal in words", () => {
    // The API path it called, where it is not the table's name.
    expect(apiFailureMessage("GET", "contact_messages", 403, {})).toBe(
      "Your role may not read /api/v1/messages (contact_messages).",
    );
    expect(apiFailureMessage("POST", "contact_messages", 400, {})).toBe(
      "POST /api/v1/messages (contact_messages): 400",
    );
    expect(apiFailureMessage("POST", "games", 403, {})).toBe("Your role may not add to games.");
    expect(apiFailureMessage("PUT", "news", 403, {})).toBe("Your role may not change news.");
    expect(apiFailureMessage("DELETE", "news", 403, {})).toBe(
      "Your role may not delete from news.",
    );
    expect(apiFailureMessage("GET", "news", 401, {})).toBe(
      "Your session has ended. Sign in again to run this test.",
    );
    expect(
      apiFailureMessage("POST", "news", 400, { error: { message: "Please fill in all fields" } }),
    ).toBe("POST news: 400 Please fill in all fields");
    expect(apiFailureMessage("GET", "nonexistent", 404, {})).toMatch(
      /^GET nonexistent: 404 No table named nonexistent\. Try one of: news, games, /,
    );
  });
});
