/** The kinds of coverage the log records. */
export const COVERAGE_KINDS = [
  "Review",
  "Preview",
  "Interview",
  "Feature",
  "Video",
  "Stream",
  "News",
] as const;
