import { STUDIO } from "~/platform/studio/studio";
import type { GameEntry } from "./game-schema";
import type { ImageSource, Screenshot } from "./screenshots";

// What a game page tells search engines and link previews: its picture and a schema.org VideoGame.

/**
 * The page's picture for link previews: the first screenshot at its largest width, else the game's
 * image (whose size is not known).
 */
export function gamePreviewImage(
  game: Pick<GameEntry, "imageUrl" | "title">,
  screenshots: readonly Screenshot[],
): (ImageSource & { alt: string }) | { src: string; alt: string } {
  const first = screenshots[0];
  return first ? { ...first.full, alt: first.alt } : { src: game.imageUrl, alt: game.title };
}

/** The game as schema.org's VideoGame, with absolute addresses. */
export function gameStructuredData(
  game: GameEntry,
  screenshots: readonly Screenshot[],
  siteUrl: string,
  description: string,
) {
  const url = `${siteUrl}/games/${game.slug}`;
  const absolute = (src: string) => new URL(src, siteUrl).toString();
  const images = [
    ...screenshots.map((shot) => absolute(shot.full.src)),
    ...(game.imageUrl ? [absolute(game.imageUrl)] : []),
  ];
  const studio = { "@type": "Organization", name: STUDIO.name, url: siteUrl };
  return {
    "@context": "https://schema.org",
    "@type": "VideoGame",
    name: game.title,
    description,
    url,
    mainEntityOfPage: url,
    image: images,
    ...(game.platforms.length ? { gamePlatform: game.platforms } : {}),
    ...(game.releaseDate ? { datePublished: game.releaseDate } : {}),
    author: studio,
    publisher: studio,
  };
}
