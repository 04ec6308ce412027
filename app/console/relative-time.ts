/**
 * 'Just now', 'N minutes ago', 'N hours ago', 'N days ago' (docs/product.md#relative-times): the
 * only answers. With no time at all there is nothing to say; callers show their own text (e.g. 'No
 * current task assigned') rather than a word outside the spec's buckets.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = Math.floor((now - new Date(iso).getTime()) / 1000);
  const seconds = Number.isFinite(elapsed) ? Math.max(0, elapsed) : 0;
  const days = Math.floor(seconds / 86_400);
  if (days > 0) return `${days} day${days === 1 ? "" : "s"} ago`;
  const hours = Math.floor(seconds / 3_600);
  if (hours > 0) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes > 0) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  return "Just now";
}
