import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDetailDate, formatListDate, formatZonedDate } from "./date-format";

describe("date formats", () => {
  it("names the zone of a detail date, in words", () => {
    expect(formatZonedDate("2030-07-01T09:30:00Z", "America/New_York")).toBe(
      "July 1, 2030 5:30 AM (America/New York)",
    );
    expect(formatZonedDate("2030-07-01T09:30:00Z", "UTC")).toBe("July 1, 2030 9:30 AM (UTC)");
  });
  it("formats list dates as 'MMM d, yyyy'", () => {
    expect(formatListDate("2026-03-05T10:00:00Z", "UTC")).toBe("Mar 5, 2026");
  });

  it("formats detail dates as 'MMMM d, yyyy h:mm a' in the zone asked for, whatever the process zone", () => {
    expect(formatDetailDate("2026-11-22T15:04:00Z", "UTC")).toBe("November 22, 2026 3:04 PM");
    expect(formatListDate("2026-12-31T23:30:00Z", "UTC")).toBe("Dec 31, 2026");
  });

  it("shows a moment near midnight UTC on the viewer's own day and clock", () => {
    // 23:45 UTC is still the 15th in New York and already the 16th in Tokyo.
    const lateEvening = "2026-01-15T23:45:00Z";
    expect(formatListDate(lateEvening, "UTC")).toBe("Jan 15, 2026");
    expect(formatListDate(lateEvening, "America/New_York")).toBe("Jan 15, 2026");
    expect(formatListDate(lateEvening, "Asia/Tokyo")).toBe("Jan 16, 2026");
    expect(formatDetailDate(lateEvening, "UTC")).toBe("January 15, 2026 11:45 PM");
    expect(formatDetailDate(lateEvening, "America/New_York")).toBe("January 15, 2026 6:45 PM");
    expect(formatDetailDate(lateEvening, "Asia/Tokyo")).toBe("January 16, 2026 8:45 AM");

    // 02:30 UTC is the evening before in New York.
    const earlyMorning = "2026-01-15T02:30:00Z";
    expect(formatListDate(earlyMorning, "America/New_York")).toBe("Jan 14, 2026");
    expect(formatListDate(earlyMorning, "Asia/Tokyo")).toBe("Jan 15, 2026");
    expect(formatDetailDate(earlyMorning, "America/New_York")).toBe("January 14, 2026 9:30 PM");

    // The case: a message sent at 9:25 AM in New York reads 9:25 AM there.
    expect(formatDetailDate("2026-11-23T14:25:00Z", "America/New_York")).toBe(
      "November 23, 2026 9:25 AM",
    );
  });

  it("follows daylight saving time and half-hour zones", () => {
    // New York: EST (UTC-5) in January, EDT (UTC-4) in July.
    expect(formatDetailDate("2026-07-01T16:00:00Z", "America/New_York")).toBe(
      "July 1, 2026 12:00 PM",
    );
    expect(formatDetailDate("2026-01-01T16:00:00Z", "America/New_York")).toBe(
      "January 1, 2026 11:00 AM",
    );
    expect(formatDetailDate("2026-01-15T18:40:00Z", "Asia/Kolkata")).toBe(
      "January 16, 2026 12:10 AM",
    );
  });

  it("agrees with date-fns's 'MMM d, yyyy' and 'MMMM d, yyyy h:mm a' in any zone for any date", () => {
    const zones = [
      "UTC",
      "America/New_York",
      "Asia/Tokyo",
      "Europe/Stockholm",
      "Asia/Kolkata",
      "Pacific/Chatham",
      "Pacific/Kiritimati",
      "America/St_Johns",
      "Australia/Lord_Howe",
    ];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2200-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (date, zone) => {
          const inZone = { in: tz(zone) };
          expect(formatListDate(date, zone)).toBe(format(date, "MMM d, yyyy", inZone));
          expect(formatDetailDate(date.toISOString(), zone)).toBe(
            format(date, "MMMM d, yyyy h:mm a", inZone),
          );
        },
      ),
      { numRuns: 3_000 },
    );
    for (const iso of ["2026-01-01T00:00:00Z", "2026-06-15T12:00:00Z", "2026-06-15T11:59:00Z"]) {
      expect(formatDetailDate(iso, "UTC")).toBe(
        format(new Date(iso), "MMMM d, yyyy h:mm a", { in: tz("UTC") }),
      );
    }
    expect(() => formatListDate("not a date", "UTC")).toThrow(RangeError);
  });
});
