import { describe, expect, it } from "vitest";
import { instantToZonedInput, zonedTimeToInstant } from "./zoned-time";

describe("zoned time", () => {
  it("reads a typed wall clock in the studio's zone", () => {
    expect(zonedTimeToInstant("2026-11-24T15:00", "UTC")?.toISOString()).toBe(
      "2026-11-24T15:00:00.000Z",
    );
    // Lisbon is UTC+1 in summer, UTC in winter.
    expect(zonedTimeToInstant("2026-07-01T09:30:15", "Europe/Lisbon")?.toISOString()).toBe(
      "2026-07-01T08:30:15.000Z",
    );
    expect(zonedTimeToInstant("2026-12-01T09:30", "Europe/Lisbon")?.toISOString()).toBe(
      "2026-12-01T09:30:00.000Z",
    );
    expect(zonedTimeToInstant("2026-03-10T20:00", "America/New_York")?.toISOString()).toBe(
      "2026-03-11T00:00:00.000Z",
    );
  });

  it("takes an instant with an offset as it is", () => {
    expect(zonedTimeToInstant("2026-11-24T15:00:00+02:00", "America/New_York")?.toISOString()).toBe(
      "2026-11-24T13:00:00.000Z",
    );
    expect(zonedTimeToInstant("2026-11-24T15:00:00Z", "Asia/Tokyo")?.toISOString()).toBe(
      "2026-11-24T15:00:00.000Z",
    );
  });

  it("refuses what is not a time", () => {
    for (const value of [
      "",
      "tomorrow",
      "2026-02-30T10:00",
      "2026-11-24 15:00",
      "2026-13-01T00:00",
    ])
      expect(zonedTimeToInstant(value, "UTC")).toBeNull();
  });

  it("writes an instant back as the same wall clock", () => {
    expect(instantToZonedInput("2026-07-01T08:30:15.000Z", "Europe/Lisbon")).toBe(
      "2026-07-01T09:30:15",
    );
    for (const zone of ["UTC", "Europe/Lisbon", "Asia/Kolkata", "America/Los_Angeles"]) {
      const typed = instantToZonedInput("2026-05-05T05:05:05Z", zone);
      expect(zonedTimeToInstant(typed, zone)?.toISOString()).toBe("2026-05-05T05:05:05.000Z");
    }
  });
});
