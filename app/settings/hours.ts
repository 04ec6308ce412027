// Studio hours: each weekday closed or open from one time to another, in the studio's time zone.
// Universal: the settings schema parses them, /contact shows them grouped ("Monday - Friday").

export const WEEKDAYS = [
  { key: "monday", label: "Monday" },
  { key: "tuesday", label: "Tuesday" },
  { key: "wednesday", label: "Wednesday" },
  { key: "thursday", label: "Thursday" },
  { key: "friday", label: "Friday" },
  { key: "saturday", label: "Saturday" },
  { key: "sunday", label: "Sunday" },
] as const;

export type Weekday = (typeof WEEKDAYS)[number]["key"];

/** A day's hours as typed: "" (closed) or "14:00-18:00". */
export const HOURS_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]|24):([0-5]\d)$/;

export const HOURS_RULE = "Write hours as 14:00-18:00, or leave the day empty when closed";

/** "" or "HH:MM-HH:MM" with the end after the start. */
export function isDayHours(value: string): boolean {
  if (value === "") return true;
  const match = HOURS_PATTERN.exec(value);
  if (!match) return false;
  const [from, to] = [
    Number(match[1]) * 60 + Number(match[2]),
    Number(match[3]) * 60 + Number(match[4]),
  ];
  return to > from && to <= 24 * 60;
}

/** "14:00" → "2:00 PM". */
function clock(time: string): string {
  const [h, m] = time.split(":").map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${h < 12 || h === 24 ? "AM" : "PM"}`;
}

/** A day's hours as the page shows them: "2:00 PM - 6:00 PM" or "Closed". */
export function hoursText(value: string): string {
  const match = HOURS_PATTERN.exec(value);
  if (!match) return "Closed";
  return `${clock(`${match[1]}:${match[2]}`)} - ${clock(`${match[3]}:${match[4]}`)}`;
}

/** The week as /contact lists it: runs of days with the same hours ("Monday - Friday"). */
export function hoursRows(hours: Record<Weekday, string>) {
  const rows: { days: string; hours: string; open: boolean }[] = [];
  let start = 0;
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    const same = i < WEEKDAYS.length && hours[WEEKDAYS[i]!.key] === hours[WEEKDAYS[start]!.key];
    if (same) continue;
    const first = WEEKDAYS[start]!.label;
    const last = WEEKDAYS[i - 1]!.label;
    const value = hours[WEEKDAYS[start]!.key];
    rows.push({
      days: first === last ? first : `${first} - ${last}`,
      hours: hoursText(value),
      open: value !== "",
    });
    start = i;
  }
  return rows;
}
