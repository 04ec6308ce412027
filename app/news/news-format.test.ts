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
