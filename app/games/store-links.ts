import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { type KnownStore, storeOfUrl } from "./store-words";

// Where a game can be bought: links to stores, each named. Staff write one link per line, with the
// store's name before it or without one when the store is known from the link's host. Universal:
// the form's schema parses it; the pages show it with `store-words.ts`, which they load alone.

export type StoreLink = { store: string; url: string };

export const STORE_LIMITS = { links: 10, name: 40, url: 2_048 } as const;

/** Other names staff may write for the stores known by their hosts. */
const STORE_ALIASES: Record<KnownStore, readonly string[]> = {
  Steam: ["steam"],
  "itch.io": ["itch", "itch.io", "itchio"],
  "Epic Games Store": ["epic", "epic games", "epic games store", "epic store"],
  GOG: ["gog", "gog.com"],
  "Nintendo eShop": ["nintendo", "eshop", "nintendo eshop", "nintendo switch"],
  "PlayStation Store": ["playstation", "playstation store", "ps store", "psn"],
  "Xbox Store": ["xbox", "xbox store", "microsoft store"],
  "App Store": ["app store", "apple", "ios"],
  "Google Play": ["google play", "play store", "android"],
};

/** A store's name as staff wrote it, spelled as the site spells the stores it knows. */
export function storeName(written: string): string {
  const name = written.trim().replace(/\s+/g, " ");
  const lower = name.toLowerCase();
  const known = Object.entries(STORE_ALIASES).find(([, aliases]) => aliases.includes(lower));
  return known?.[0] ?? name;
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
