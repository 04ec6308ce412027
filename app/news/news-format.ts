// How an article's text is shown: paragraphs for the detail page, a summary for cards, feeds and
// link previews.

/** An article's paragraphs: one per non-blank line. */
export function toParagraphs(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** A plain-text summary for cards, feeds and link previews. */
export function summarize(content: string, maxLength = 160): string {
  const text = content.replace(/\s+/g, " ").trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
