import { ResponsiveImage } from "~/media";
import { GameImage } from "./game-image";
import type { GamePicture } from "./game-pictures";

/**
 * A game's picture (its card image or key art, docs/product.md#games) in a box whose shape the
 * caller's class fixes (no layout shift): an upload at the width the box needs, a typed link with
 * the placeholder should it fail, or the placeholder when the game has no picture.
 */
export function GamePictureImage({
  picture,
  title,
  className,
  sizes,
  priority = false,
}: {
  picture: GamePicture | null;
  /** The game's title: what the placeholder is called. */
  title: string;
  className?: string;
  /** How wide the box is shown (the <img>'s sizes). */
  sizes: string;
  /** The page's largest picture: fetched at once and first rather than lazily. */
  priority?: boolean;
}) {
  if (picture && picture.source !== "url") {
    return (
      <ResponsiveImage
        image={picture.image}
        alt={picture.alt}
        sizes={sizes}
        priority={priority}
        className={`object-cover ${className ?? ""}`}
      />
    );
  }
  return (
    <GameImage
      src={picture?.src ?? ""}
      alt={picture?.alt ?? title}
      className={className}
      priority={priority}
    />
  );
}
