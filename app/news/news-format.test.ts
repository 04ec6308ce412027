import { describe, expect, it } from "vitest";
import { summarize, toParagraphs } from "./news-format";

describe("news formats", () => {
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
