// Activity labels and colours (docs/product.md#activity-types). Universal.
import { isUuid } from "~/db/ids";
import { SLUG_PATTERN } from "~/platform/seo/slug";

export const ACTIVITY_LABELS: Record<string, string> = {
  login: "Logged in",
  news_view: "Viewed news",
  game_view: "Viewed game",
  profile_update: "Updated profile",
};

export const ACTIVITY_COLOURS: Record<string, string> = {
  login: "tone-blue",
  news_view: "tone-green",
  game_view: "tone-purple",
  profile_update: "tone-amber",
};

export function activityLabel(type: string): string {
  return ACTIVITY_LABELS[type] ?? "Activity";
}

export function activityColour(type: string): string {
  return ACTIVITY_COLOURS[type] ?? "tone-gray";
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

/** Where each viewing activity's page lives, and the details naming it (its slug, else its id). */
const VIEWED_PAGES: Record<string, { base: string; id: string; label: string }> = {
  news_view: { base: "/news", id: "news_id", label: "Open the article" },
  game_view: { base: "/games", id: "game_id", label: "Open the game's page" },
};

/**
 * The page an activity was about: a viewed article or game, by its slug (recorded with the view
 * since pages have readable addresses), else by its id (whose address redirects to the slug); null
 * for other activities or details that name no page.
 */
export function activityLink(entry: {
  activityType: string;
  activityData: Record<string, unknown>;
}): { href: string; label: string } | null {
  const page = VIEWED_PAGES[entry.activityType];
  if (!page) return null;
  const { slug, title } = entry.activityData;
  const id = entry.activityData[page.id];
  const address =
    typeof slug === "string" && SLUG_PATTERN.test(slug)
      ? slug
      : typeof id === "string" && isUuid(id)
        ? id
        : null;
  if (!address) return null;
  const label = typeof title === "string" && title.trim() ? title.trim() : page.label;
  return { href: `${page.base}/${address}`, label };
}
