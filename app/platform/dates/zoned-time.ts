import { wallClock } from "./date-format";

// Times staff type in the studio's zone (a scheduled post's publish time): the value of an
// <input type="datetime-local"> read as a wall clock in STUDIO_TIME_ZONE, and back.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
/** A datetime-local value, or an ISO time with its offset ("…Z", "…+02:00"). */
export const ZONED_INPUT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?$/;

/** The wall clock of `instant` in `timeZone`, as milliseconds of the same reading in UTC. */
function wallClockMs(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClock(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/**
 * The instant a typed time names: with an offset it is that instant; without, it is read as a wall
 * clock in `timeZone` (in a gap of a daylight-saving change, the later side). null when invalid.
 */
export function zonedTimeToInstant(value: string, timeZone: string): Date | null {
  if (!ZONED_INPUT.test(value)) return null;
  const match = LOCAL.exec(value);
  if (!match) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const wanted = Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0);
  const check = new Date(wanted);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d!) return null;
  // Two passes settle the zone's offset at that moment (it may differ from the guess's across a
  // daylight-saving change).
  let instant = wanted - (wallClockMs(wanted, timeZone) - wanted);
  instant = wanted - (wallClockMs(instant, timeZone) - instant);
  return new Date(instant);
}

/** An instant as a datetime-local value (with seconds) in `timeZone`. */
export function instantToZonedInput(iso: string | Date, timeZone: string): string {
  return new Date(wallClockMs(new Date(iso).getTime(), timeZone)).toISOString().slice(0, 19);
}

/** How long ago a scheduled time may be when it arrives: the form's time on its way, no more. */
export const SCHEDULE_GRACE_MS = 30_000;

/**
 * Whether a scheduled time has passed (the form warns, the server refuses): scheduling is for the
 * future, and publishing now is what Published is for.
 */
export function publishTimePassed(at: Date, now = Date.now()): boolean {
  return at.getTime() < now - SCHEDULE_GRACE_MS;
}
