import { formatListDate } from "~/platform/dates/date-format";

/** A release date (YYYY-MM-DD, a day rather than a moment) in the site's list format. */
export function ReleaseDate({ date }: { date: string }) {
  return <time dateTime={date}>{formatListDate(`${date}T12:00:00Z`, "UTC")}</time>;
}
