import type { Trailer } from "./trailer-player";

// A game's trailer: a YouTube or Vimeo video link, shown on the game page as a poster that loads the
// provider's player only when clicked. Universal: the form's schema and the server (the pages'
// data, the CSP) use it; the pages get the trailer parsed and play it with trailer-player.ts.

export const TRAILER_RULE = "Trailer must be a YouTube or Vimeo video link";

/**
 * The only frame sources a page of this site may load (CSP frame-src), and only on a game page:
 * the two players a trailer can use.
 */
export const TRAILER_FRAME_SOURCES = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
] as const;

/**
 * A game page's path, `/games/<slug>` (an old `/games/<id>` too, which redirects), or its press
 * kit's, `/press/<slug>`: the pages that play trailers.
 */
export const GAME_PAGE_PATH = /^\/(games|press)\/[\w-]+\/?$/;

/** The frame sources the response to `path` may allow: the players on a game page, else none. */
export function trailerFrameSources(path: string): readonly string[] {
  return GAME_PAGE_PATH.test(path) ? TRAILER_FRAME_SOURCES : [];
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);

function youtube(id: string | null | undefined): Trailer | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: "youtube",
    id,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}`,
    watchUrl: `https://www.youtube.com/watch?v=${id}`,
  };
}

function vimeo(id: string | undefined, hash: string | undefined): Trailer | null {
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  // An unlisted video's link carries its key (vimeo.com/<id>/<key>); its player needs it as `h`.
  const key = hash && /^[\da-f]{6,20}$/i.test(hash) ? hash : undefined;
  return {
    provider: "vimeo",
    id,
    embedUrl: `https://player.vimeo.com/video/${id}${key ? `?h=${key}` : ""}`,
    watchUrl: `https://vimeo.com/${id}${key ? `/${key}` : ""}`,
  };
}

/**
 * The trailer a link names, or null when it is no YouTube or Vimeo video link. Accepted:
 * youtube.com/watch?v=<id>, youtu.be/<id>, youtube.com/embed/<id> (and youtube-nocookie.com's),
 * vimeo.com/<digits> (with an unlisted video's key after it) and player.vimeo.com/video/<digits>.
 */
export function parseTrailer(link: string): Trailer | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  if (YOUTUBE_HOSTS.has(host)) {
    if (url.pathname === "/watch") return youtube(url.searchParams.get("v"));
    if (parts[0] === "embed" && parts.length === 2) return youtube(parts[1]);
    return null;
  }
  if (host === "www.youtube-nocookie.com" || host === "youtube-nocookie.com") {
    return parts[0] === "embed" && parts.length === 2 ? youtube(parts[1]) : null;
  }
  if (host === "youtu.be") return parts.length === 1 ? youtube(parts[0]) : null;
  if (VIMEO_HOSTS.has(host)) {
    return parts.length === 1 || parts.length === 2 ? vimeo(parts[0], parts[1]) : null;
  }
  if (host === "player.vimeo.com") {
    return parts[0] === "video" && parts.length === 2
      ? vimeo(parts[1], url.searchParams.get("h") ?? undefined)
      : null;
  }
  return null;
}
