import type { Database } from "~/db/database.server";
import { games } from "~/db/schema";
import { parseTrailer } from "./trailer";
import type { Trailer } from "./trailer-player";

// What the catalogue makes a visitor's browser load from other servers, read from the games as they
// are: the privacy policy's draft names exactly these (docs/product.md#pages).

export type GameLoads = {
  /** Games in the catalogue: each has a press page, whose form takes review-key requests. */
  games: number;
  /** The players the games' trailers load once played, each named once. */
  trailers: Trailer["provider"][];
  /** The other hosts the games' image links point at, sorted. */
  imageHosts: string[];
};

/** The host of an absolute http(s) image link on another site; null for this site's own pictures. */
function foreignHost(link: string, siteUrl: string): string | null {
  try {
    const url = new URL(link);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.host === new URL(siteUrl).host ? null : url.hostname;
  } catch {
    return null; // A site path (/media/…): this site's.
  }
}

export async function gameLoads(db: Database, siteUrl: string): Promise<GameLoads> {
  const rows = await db
    .select({ imageUrl: games.imageUrl, trailerUrl: games.trailerUrl })
    .from(games);
  const trailers = new Set<Trailer["provider"]>();
  const hosts = new Set<string>();
  for (const row of rows) {
    const trailer = row.trailerUrl ? parseTrailer(row.trailerUrl) : null;
    if (trailer) trailers.add(trailer.provider);
    const host = row.imageUrl ? foreignHost(row.imageUrl, siteUrl) : null;
    if (host) hosts.add(host);
  }
  return {
    games: rows.length,
    trailers: [...trailers].sort(),
    imageHosts: [...hosts].sort(),
  };
}
