import { createContext, useContext, useSyncExternalStore } from "react";
import { formatDetailDate, formatListDate } from "./date-format";

// Dates are rendered on the server in the studio's zone (STUDIO_TIME_ZONE), so a page is the same
// for every visitor and the page cache can share it; once hydrated, the browser shows them in the
// reader's own zone.

const StudioTimeZone = createContext("UTC");

/** Gives every date below it the studio's configured zone (the root layout provides it). */
export const StudioTimeZoneProvider = StudioTimeZone.Provider;

/** The studio's configured IANA zone: the one studio hours are given in. */
export function useStudioTimeZone(): string {
  return useContext(StudioTimeZone);
}

const noSubscription = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;
const duringServerRender = () => null;

/**
 * The zone dates are shown in: the studio's on the server and during hydration (so the markup
 * matches), the reader's own right after.
 */
export function useViewerTimeZone(): string {
  const studio = useStudioTimeZone();
  return useSyncExternalStore(noSubscription, browserTimeZone, duringServerRender) ?? studio;
}

const FORMATS = { list: formatListDate, detail: formatDetailDate } as const;

function formatIn(format: keyof typeof FORMATS, value: string | Date, timeZone: string) {
  try {
    return { text: FORMATS[format](value, timeZone), timeZone };
  } catch (error) {
    // A browser whose time zone data lacks the studio's zone still shows the date, in UTC.
    if (!(error instanceof RangeError) || timeZone === "UTC" || Number.isNaN(+new Date(value))) {
      throw error;
    }
    return { text: FORMATS[format](value, "UTC"), timeZone: "UTC" };
  }
}

/**
 * A moment as `<time>`, in the spec's 'list' ('MMM d, yyyy') or 'detail' ('MMMM d, yyyy h:mm a')
 * format, in the viewer's time zone; the title names the zone with the full time.
 */
export function LocalTime({
  value,
  format,
  className,
}: {
  value: string | Date;
  format: keyof typeof FORMATS;
  className?: string;
}) {
  const zone = useViewerTimeZone();
  const shown = formatIn(format, value, zone);
  const full = formatIn("detail", value, zone);
  const iso = typeof value === "string" ? value : value.toISOString();
  return (
    <time dateTime={iso} title={`${full.text} (${full.timeZone})`} className={className}>
      {shown.text}
    </time>
  );
}
