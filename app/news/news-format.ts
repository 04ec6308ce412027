// The spec's two date formats, written out rather than imported: public pages show list dates, and
// a formatting library with time zones would be most of their JavaScript (decision 023). Dates are
// shown in UTC so the server-rendered text and the hydrated text agree; the unit test checks both
// formats against date-fns.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

function validDate(iso: string | Date): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return date;
}

/** 'MMM d, yyyy' (SPEC section 9), for lists. */
export function formatListDate(iso: string | Date): string {
  const date = validDate(iso);
  const month = MONTHS[date.getUTCMonth()]?.slice(0, 3);
  return `${month} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'MMMM d, yyyy h:mm a' (SPEC section 9), for detail panes. */
export function formatDetailDate(iso: string | Date): string {
  const date = validDate(iso);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  const day = `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return `${day} ${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
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
