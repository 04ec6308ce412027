/** 'Just now', 'N minutes ago', 'N hours ago', 'N days ago' (SPEC section 9). */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return "Never";
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  const days = Math.floor(seconds / 86_400);
  if (days > 0) return `${days} day${days === 1 ? "" : "s"} ago`;
  const hours = Math.floor(seconds / 3_600);
  if (hours > 0) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes > 0) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  return "Just now";
}
