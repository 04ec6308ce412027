import { createContext, useContext, useSyncExternalStore } from "react";
import { formatDetailDate, formatListDate, zoneName } from "./date-format";

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

/**
 * A moment on a staff screen: always in the studio's zone, the zone its time fields are typed in,
 * so a list and the field that set it agree whoever reads them (docs/product.md#date-formats). The
 * title names the zone; 'zoned' (a detail date) names it in the text too:
 * 'March 1, 2030 9:00 AM (Europe/Berlin)'.
 */
export function StudioTime({
  value,
  format,
  className,
}: {
  value: string | Date;
  format: keyof typeof FORMATS | "zoned";
  className?: string;
}) {
  const shown = formatIn(format === "zoned" ? "detail" : format, value, useStudioTimeZone());
  const full = formatIn("detail", value, shown.timeZone);
  const zone = zoneName(shown.timeZone);
  const iso = typeof value === "string" ? value : value.toISOString();
  return (
    <time dateTime={iso} title={`${full.text} (${zone})`} className={className}>
      {format === "zoned" ? `${shown.text} (${zone})` : shown.text}
    </time>
  );
}

/** The studio's zone as people read it ('America/New York'). */
export function useStudioZoneName(): string {
  return zoneName(useStudioTimeZone());
}

/** The hint of a time field staff type: the zone it is read in. */
export function StudioZoneHint() {
  return <>{`In the studio's time zone (${useStudioZoneName()}).`}</>;
}
