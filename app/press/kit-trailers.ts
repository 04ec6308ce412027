import { parseTrailer, type Trailer } from "~/games";
import type { KitData } from "./kit-schema";

// A kit's trailers: the game's own, then the kit's (YouTube or Vimeo ids), each video once. Made on
// the server with the page's data, so the browser loads no link parser.

export type KitTrailer = { name: string; trailer: Trailer };

export function kitTrailers(game: { trailerUrl: string | null }, kit: KitData): KitTrailer[] {
  const links = [
    ...(game.trailerUrl ? [{ name: "Trailer", url: game.trailerUrl }] : []),
    ...kit.trailers.map((t) => ({
      name: t.name || "Trailer",
      url: t.youtube
        ? `https://www.youtube.com/watch?v=${t.youtube}`
        : `https://vimeo.com/${t.vimeo}`,
    })),
  ];
  const seen = new Set<string>();
  return links.flatMap((link) => {
    const trailer = parseTrailer(link.url);
    if (!trailer || seen.has(trailer.id)) return [];
    seen.add(trailer.id);
    return [{ name: link.name, trailer }];
  });
}
