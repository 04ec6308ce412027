// Activity labels and colours (docs/product.md#activity-types). Universal.
export const ACTIVITY_LABELS: Record<string, string> = {
  login: "Logged in",
  news_view: "Viewed news",
  game_view: "Viewed game",
  profile_update: "Updated profile",
};

export const ACTIVITY_COLOURS: Record<string, string> = {
  login: "bg-blue-100 text-blue-900 dark:bg-blue-900/50 dark:text-blue-100",
  news_view: "bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100",
  game_view: "bg-purple-100 text-purple-900 dark:bg-purple-900/50 dark:text-purple-100",
  profile_update: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
};

export function activityLabel(type: string): string {
  return ACTIVITY_LABELS[type] ?? "Activity";
}

export function activityColour(type: string): string {
  return ACTIVITY_COLOURS[type] ?? "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100";
}

/** The four counters, computed over the fetched records only (docs/product.md#activity-tab). */
export function activityCounters(records: { activityType: string }[]) {
  const count = (type: string) => records.filter((r) => r.activityType === type).length;
  return {
    total: records.length,
    logins: count("login"),
    newsViews: count("news_view"),
    gameViews: count("game_view"),
  };
}
