import { imageSrc, ResponsiveImage } from "~/media";
import type { Screenshot } from "./screenshots";

/** The screenshots as a grid of thumbnails, each a link to the full-size picture. */
export function ScreenshotGallery({ screenshots }: { screenshots: Screenshot[] }) {
  if (screenshots.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="game-gallery">
      {screenshots.map((shot) => (
        <li key={shot.image.id}>
          <a
            href={imageSrc(shot.image)}
            className="group block overflow-hidden rounded-lg border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <ResponsiveImage
              image={shot.image}
              alt={shot.alt}
              sizes="(min-width: 72rem) 23rem, (min-width: 40rem) 33vw, 50vw"
              className="aspect-video w-full object-cover transition-transform group-hover:scale-[1.03]"
            />
            <span className="sr-only"> (full size)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
