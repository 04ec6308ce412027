import { tz } from "@date-fns/tz";
import { format } from "date-fns";

// Dates are shown in one fixed zone so the server-rendered text and the hydrated text agree.
const zone = tz("UTC");

/** 'MMM d, yyyy' (SPEC section 9), for lists. */
export function formatListDate(iso: string | Date): string {
  return format(new Date(iso), "MMM d, yyyy", { in: zone });
}

/** 'MMMM d, yyyy h:mm a' (SPEC section 9), for detail panes. */
export function formatDetailDate(iso: string | Date): string {
  return format(new Date(iso), "MMMM d, yyyy h:mm a", { in: zone });
}

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
