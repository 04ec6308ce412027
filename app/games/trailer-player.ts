// A trailer as the pages play it: parsed on the server from its link (trailer.ts), so a page's
// scripts carry no link parser.

export type Trailer = {
  provider: "youtube" | "vimeo";
  id: string;
  /** The player, loaded in a frame: YouTube's privacy-enhanced host (no cookies until played). */
  embedUrl: string;
  /** The video on the provider's site: where the poster leads without JavaScript. */
  watchUrl: string;
};

/** The player's address once the visitor has asked for it: it starts playing at once. */
export function autoplayUrl(trailer: Trailer): string {
  const url = new URL(trailer.embedUrl);
  url.searchParams.set("autoplay", "1");
  return url.toString();
}
