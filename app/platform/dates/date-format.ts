// The spec's two date formats, written out rather than imported: public pages show list dates, and
// a formatting library with time zones would be most of their JavaScript. The
// platform's Intl gives the wall clock in any IANA zone; the words and order are ours, so every
// browser prints the same text. The unit test checks both formats against date-fns.
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

type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

// Building a formatter is the costly part; one per zone is kept for the life of the process or page.
const clocks = new Map<string, Intl.DateTimeFormat>();

function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      // 'h23', not hour12: false, which some engines print as 24 at midnight.
      hourCycle: "h23",
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

// Reading the parts is costly too, and a page shows the same few dates on every request (each
// twice: the text and its title): recent answers are kept, a few hundred at most.
const readings = new Map<string, Readonly<WallClock>>();
const MAX_READINGS = 500;

/** The wall clock in `timeZone` at an instant (also read by ./zoned-time.ts). */
export function wallClock(iso: string | Date | number, timeZone: string): Readonly<WallClock> {
  const date = new Date(iso);
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const key = `${timeZone} ${time}`;
  let reading = readings.get(key);
  if (!reading) {
    reading = Object.freeze(readClock(date, timeZone));
    if (readings.size >= MAX_READINGS) readings.clear();
    readings.set(key, reading);
  }
  return reading;
}

function readClock(date: Date, timeZone: string): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of clockIn(timeZone).formatToParts(date)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** 'MMM d, yyyy' (docs/product.md#date-formats) in the given IANA time zone, for lists. */
export function formatListDate(iso: string | Date, timeZone: string): string {
  const { year, month, day } = wallClock(iso, timeZone);
  return `${MONTHS[month - 1]?.slice(0, 3)} ${day}, ${year}`;
}

/** 'MMMM d, yyyy h:mm a' (docs/product.md#date-formats) in the given IANA time zone, for detail panes. */
export function formatDetailDate(iso: string | Date, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClock(iso, timeZone);
  const clock = `${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
  return `${MONTHS[month - 1]} ${day}, ${year} ${clock}`;
}

/**
 * A detail date that names its zone, for staff screens and mails read in other zones:
 * 'January 1, 2030 10:00 AM (Europe/Berlin)'.
 */
export function formatZonedDate(iso: string | Date, timeZone: string): string {
  return `${formatDetailDate(iso, timeZone)} (${zoneName(timeZone)})`;
}

/** An IANA zone as people read it: 'America/New York'. */
export function zoneName(timeZone: string): string {
  return timeZone.replaceAll("_", " ");
}
