import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDetailDate, formatListDate, summarize, toParagraphs } from "./news-format";

describe("news formats", () => {
  it("formats list dates as 'MMM d, yyyy'", () => {
    expect(formatListDate("2026-03-05T10:00:00Z")).toBe("Mar 5, 2026");
  });

  it("formats detail dates as 'MMMM d, yyyy h:mm a' in UTC whatever the process zone", () => {
    expect(formatDetailDate("2026-11-22T15:04:00Z")).toBe("November 22, 2026 3:04 PM");
    expect(formatListDate("2026-12-31T23:30:00Z")).toBe("Dec 31, 2026");
  });

  it("agrees with date-fns's 'MMM d, yyyy' and 'MMMM d, yyyy h:mm a' in UTC for any date", () => {
    const utc = { in: tz("UTC") };
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2200-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (date) => {
          expect(formatListDate(date)).toBe(format(date, "MMM d, yyyy", utc));
          expect(formatDetailDate(date.toISOString())).toBe(
            format(date, "MMMM d, yyyy h:mm a", utc),
          );
        },
      ),
      { numRuns: 2_000 },
    );
    for (const iso of ["2026-01-01T00:00:00Z", "2026-06-15T12:00:00Z", "2026-06-15T11:59:00Z"]) {
      expect(formatDetailDate(iso)).toBe(format(new Date(iso), "MMMM d, yyyy h:mm a", utc));
    }
    expect(() => formatListDate("not a date")).toThrow(RangeError);
  });

  it("splits content into one paragraph per non-blank line", () => {
    expect(toParagraphs("First line\n\n  Second line  \r\nThird")).toEqual([
      "First line",
      "Second line",
      "Third",
    ]);
  });

  it("summaries keep short text and cut long text at a word", () => {
    expect(summarize("Short  text\nhere")).toBe("Short text here");
    const long = "word ".repeat(100);
    const result = summarize(long, 40);
    expect(result.length).toBeLessThanOrEqual(40);
    expect(result.endsWith("word…")).toBe(true);
  });
});
