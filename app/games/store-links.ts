import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";

// Where a game can be bought: links to stores, each named. Staff write one link per line, with the
// store's name before it or without one when the store is known from the link's host. Universal:
// the form's schema parses it, the page shows it.

export type StoreLink = { store: string; url: string };

export const STORE_LIMITS = { links: 10, name: 40, url: 2_048 } as const;

/** The stores known by their hosts, and other names staff may write for them. */
const KNOWN_STORES: readonly { name: string; aliases: readonly string[]; host: RegExp }[] = [
  { name: "Steam", aliases: ["steam"], host: /(^|\.)steampowered\.com$/ },
  { name: "itch.io", aliases: ["itch", "itch.io", "itchio"], host: /(^|\.)itch\.io$/ },
  {
    name: "Epic Games Store",
    aliases: ["epic", "epic games", "epic games store", "epic store"],
    host: /(^|\.)epicgames\.com$/,
  },
  { name: "GOG", aliases: ["gog", "gog.com"], host: /(^|\.)gog\.com$/ },
  {
    name: "Nintendo eShop",
    aliases: ["nintendo", "eshop", "nintendo eshop", "nintendo switch"],
    host: /(^|\.)nintendo\.(com|co\.[a-z]{2}|com\.[a-z]{2}|[a-z]{2})$/,
  },
  {
    name: "PlayStation Store",
    aliases: ["playstation", "playstation store", "ps store", "psn"],
    host: /(^|\.)playstation\.com$/,
  },
  {
    name: "Xbox Store",
    aliases: ["xbox", "xbox store", "microsoft store"],
    host: /(^|\.)xbox\.com$/,
  },
  { name: "App Store", aliases: ["app store", "apple", "ios"], host: /^apps\.apple\.com$/ },
  {
    name: "Google Play",
    aliases: ["google play", "play store", "android"],
    host: /^play\.google\.com$/,
  },
];

/** The known store a link goes to, by its host, or null. */
export function storeOfUrl(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return KNOWN_STORES.find((store) => store.host.test(host))?.name ?? null;
}

/** A store's name as staff wrote it, spelled as the site spells the stores it knows. */
export function storeName(written: string): string {
  const name = written.trim().replace(/\s+/g, " ");
  const known = KNOWN_STORES.find((store) => store.aliases.includes(name.toLowerCase()));
  return known?.name ?? name;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export const STORE_LINK_RULES = {
  http: "Each store link must start with http:// or https://",
  tooMany: `At most ${STORE_LIMITS.links} store links`,
  longName: `A store's name must be at most ${STORE_LIMITS.name} characters`,
  longUrl: `A store link must be at most ${STORE_LIMITS.url} characters`,
  control: noControlCharacters("Store links"),
  unknown: (host: string) =>
    `Write the store's name before the link to ${host}, e.g. "Humble https://…"`,
} as const;

/** One written link: its name (or the store known from its host) and its address; or why not. */
function storeLinkOf(name: string, url: string): StoreLink | string {
  if (!hasNoControlCharacters(name) || !hasNoControlCharacters(url))
    return STORE_LINK_RULES.control;
  if (!isHttpUrl(url)) return STORE_LINK_RULES.http;
  if (url.length > STORE_LIMITS.url) return STORE_LINK_RULES.longUrl;
  const store = name ? storeName(name) : storeOfUrl(url);
  if (!store) return STORE_LINK_RULES.unknown(new URL(url).hostname);
  if (store.length > STORE_LIMITS.name) return STORE_LINK_RULES.longName;
  return { store, url };
}

/**
 * The links of the form's text, one per line ("Steam https://…", "Steam: https://…" or just the
 * link), or of the API's list; or the first thing wrong with them.
 */
export function parseStoreLinks(
  input: string | readonly { store?: string; url: string }[],
): { links: StoreLink[] } | { error: string } {
  const written =
    typeof input === "string"
      ? input
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const match = /^(.*?)[\s:–-]*\s(\S+)$/.exec(line);
            return match ? { store: match[1]!, url: match[2]! } : { store: "", url: line };
          })
      : input.map((link) => ({ store: link.store ?? "", url: link.url.trim() }));
  if (written.length > STORE_LIMITS.links) return { error: STORE_LINK_RULES.tooMany };
  const links: StoreLink[] = [];
  for (const link of written) {
    const parsed = storeLinkOf(link.store.trim().replace(/[\s:–-]+$/, ""), link.url);
    if (typeof parsed === "string") return { error: parsed };
    links.push(parsed);
  }
  return { links };
}

/** The links as the form's text shows them: "Store https://…", one per line. */
export function storeLinksText(links: readonly StoreLink[]): string {
  return links.map((link) => `${link.store} ${link.url}`).join("\n");
}

/** What a not-yet-released game's store link offers, in the store's own words. */
const UPCOMING_WORDS: Record<string, string> = {
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
