import { hasNoControlCharacters, isWebUrl, noControlCharacters } from "~/platform/forms/text-rules";

// The studio's social links: any number, one per line, each an http(s) link with an optional name
// before it. The spec's six kinds of place (docs/product.md#footer) are recognised by the link's
// host and get their icon and name; any other link is named by its host and gets a plain link icon.
// Universal: the settings schema parses the lines, the footer and /contact show the list.

export const SOCIAL_PLATFORMS = [
  {
    platform: "discord",
    name: "Discord",
    kind: "Chat server",
    host: /(^|\.)(discord\.gg|discord\.com)$/,
  },
  {
    platform: "youtube",
    name: "YouTube",
    kind: "Video channel",
    host: /(^|\.)(youtube\.com|youtu\.be)$/,
  },
  { platform: "twitch", name: "Twitch", kind: "Streaming channel", host: /(^|\.)twitch\.tv$/ },
  { platform: "bluesky", name: "Bluesky", kind: "Microblog", host: /(^|\.)bsky\.app$/ },
  {
    platform: "steam",
    name: "Steam Community",
    kind: "Game platform community",
    host: /(^|\.)(steamcommunity\.com|steampowered\.com)$/,
  },
  {
    platform: "telegram",
    name: "Telegram",
    kind: "Messaging channel",
    host: /(^|\.)(t\.me|telegram\.me)$/,
  },
] as const;

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number]["platform"] | "link";

/** A link as the pages show it: its name, its address and the kind of place it is. */
export type SocialLink = { name: string; url: string; platform: SocialPlatform };

export const SOCIAL_LIMITS = { links: 20, name: 40, url: 2_048 } as const;

export const SOCIAL_RULES = {
  url: "Each social link must be a full address starting with https:// or http://",
  count: `At most ${SOCIAL_LIMITS.links} social links`,
  name: `A social link's name must be at most ${SOCIAL_LIMITS.name} characters`,
  urlLength: `A social link must be at most ${SOCIAL_LIMITS.url} characters`,
} as const;

export { isWebUrl };

/** The known platform a link's host belongs to, if any. */
export function platformOf(url: string): (typeof SOCIAL_PLATFORMS)[number] | null {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return SOCIAL_PLATFORMS.find((entry) => entry.host.test(host)) ?? null;
  } catch {
    return null;
  }
}

/** One link named as the pages show it: its own name, else its platform's, else its host. */
export function socialLink(url: string, name = ""): SocialLink {
  const known = platformOf(url);
  const host = new URL(url).hostname.replace(/^www\./, "");
  return { name: name || known?.name || host, url, platform: known?.platform ?? "link" };
}

/**
 * The form's lines ("https://…" or "Name https://…") as links, or what is wrong with them: a wrong
 * line is named by its number in the field, blank lines counted ('Line 3: …').
 */
export function parseSocialLinks(text: string): SocialLink[] | string {
  const links: SocialLink[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line) continue;
    const wrong = (rule: string) => `Line ${index + 1}: ${rule}`;
    if (!hasNoControlCharacters(line)) return wrong(noControlCharacters("Social links"));
    const at = line.lastIndexOf(" ");
    const url = at === -1 ? line : line.slice(at + 1);
    const name = at === -1 ? "" : line.slice(0, at).trim();
    if (url.length > SOCIAL_LIMITS.url) return wrong(SOCIAL_RULES.urlLength);
    if (!isWebUrl(url)) return wrong(SOCIAL_RULES.url);
    if (name.length > SOCIAL_LIMITS.name) return wrong(SOCIAL_RULES.name);
    links.push(socialLink(url, name));
  }
  return links.length > SOCIAL_LIMITS.links ? SOCIAL_RULES.count : links;
}

/** The links as the form's lines, a name written only where it is not the one the link gets anyway. */
export function socialLinksText(links: readonly SocialLink[]): string {
  return links
    .map((link) =>
      link.name === socialLink(link.url).name ? link.url : `${link.name} ${link.url}`,
    )
    .join("\n");
}
