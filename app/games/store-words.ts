// The words a page shows for a game's link: the stores known by their hosts, and what a game's own
// link offers. Apart from the store links' parser (store-links.ts), which only the games form and
// the server run: the reading pages load this alone.

const KNOWN_STORES = [
  { name: "Steam", host: /(^|\.)steampowered\.com$/ },
  { name: "itch.io", host: /(^|\.)itch\.io$/ },
  { name: "Epic Games Store", host: /(^|\.)epicgames\.com$/ },
  { name: "GOG", host: /(^|\.)gog\.com$/ },
  { name: "Nintendo eShop", host: /(^|\.)nintendo\.(com|co\.[a-z]{2}|com\.[a-z]{2}|[a-z]{2})$/ },
  { name: "PlayStation Store", host: /(^|\.)playstation\.com$/ },
  { name: "Xbox Store", host: /(^|\.)xbox\.com$/ },
  { name: "App Store", host: /^apps\.apple\.com$/ },
  { name: "Google Play", host: /^play\.google\.com$/ },
] as const;

export type KnownStore = (typeof KNOWN_STORES)[number]["name"];

/** The known store a link goes to, by its host, or null. */
export function storeOfUrl(url: string): KnownStore | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return KNOWN_STORES.find((store) => store.host.test(host))?.name ?? null;
}

/** What a not-yet-released game's store link offers, in the store's own words. */
const UPCOMING_WORDS: Partial<Record<KnownStore, string>> = {
  "itch.io": "Follow on itch.io",
  "App Store": "Pre-order on the App Store",
  "Google Play": "Pre-register on Google Play",
};

/**
 * The words of a game's own link (its card, its page, the featured block): 'Play Game' for a game
 * that can be played; for one Coming Soon or In Development, 'Wishlist on Steam' (or the store's
 * words) when the link is a store page, 'Visit Website' otherwise; null when there is no link.
 */
export function gameLinkWords(game: { status: string; url: string }): string | null {
  if (!game.url.trim()) return null;
  if (game.status !== "Coming Soon" && game.status !== "In Development") return "Play Game";
  const store = storeOfUrl(game.url);
  if (!store) return "Visit Website";
  return UPCOMING_WORDS[store] ?? `Wishlist on ${store}`;
}
