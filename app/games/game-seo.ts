import { type ImageSource, imageSrc, largestSource } from "~/media";
import type { GamePicture, ShownGame } from "./game-pictures";
import type { GameEntry } from "./game-schema";
import type { Screenshot } from "./screenshots";

// What a game page tells search engines and link previews: its picture and a schema.org VideoGame.

/**
 * The page's picture for link previews: the uploaded key art, else the first screenshot, at its
 * largest width; else the game's Icon/Image URL (whose size is not known).
 */
export function gamePreviewImage(
  game: Pick<GameEntry, "imageUrl" | "title">,
  screenshots: readonly Screenshot[],
  keyArt: GamePicture | null = null,
): (ImageSource & { alt: string }) | { src: string; alt: string } | undefined {
  if (keyArt?.source === "upload") return { ...largestSource(keyArt.image), alt: keyArt.alt };
  const first = screenshots[0];
  if (first) return { ...largestSource(first.image), alt: first.alt };
  return game.imageUrl ? { src: game.imageUrl, alt: game.title } : undefined;
}

/** The game as schema.org's VideoGame, with absolute addresses. */
export function gameStructuredData(
  game: ShownGame,
  screenshots: readonly Screenshot[],
  siteUrl: string,
  description: string,
  /** The studio's name (its site settings): the game's developer and publisher. */
  studioName: string,
  keyArt: GamePicture | null = null,
) {
  const url = `${siteUrl}/games/${game.slug}`;
  const absolute = (src: string) => new URL(src, siteUrl).toString();
  const images = [
    ...(keyArt?.source === "upload" ? [absolute(imageSrc(keyArt.image))] : []),
    ...screenshots.map((shot) => absolute(imageSrc(shot.image))),
    ...(game.imageUrl ? [absolute(game.imageUrl)] : []),
  ];
  const studio = { "@type": "Organization", name: studioName, url: siteUrl };
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
