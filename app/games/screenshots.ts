import type { MediaImage } from "~/media";

// A game page's screenshots: uploaded images at a few widths. Universal: the page's loader picks
// the full-size one for link previews, the gallery links each thumbnail to it.

/** The largest stored width of an image, with its height: what a full view or a preview shows. */
export type ImageSource = { src: string; width: number; height: number };

export type Screenshot = { image: MediaImage; alt: string; full: ImageSource };

/** The image at its largest stored width (the media library's `src`). */
export function largestSource(image: MediaImage): ImageSource {
  return { src: image.src, width: image.width, height: image.height };
}
