import { imageSrc, type MediaImage } from "~/media";

// A game page's screenshots: uploaded images at a few widths. Universal: the page's meta takes the
// full-size one for link previews, the gallery links each thumbnail to it (`largestSource`, made
// where it is shown, so the page's data does not carry each address twice).

/** The largest stored width of an image, with its height: what a full view or a preview shows. */
export type ImageSource = { src: string; width: number; height: number };

export type Screenshot = { image: MediaImage; alt: string };

/** The image at its largest stored width (the media library's `src`). */
export function largestSource(image: MediaImage): ImageSource {
  return { src: imageSrc(image), width: image.width, height: image.height };
}
