// The media library's limits, checked in the browser before a file is sent and on the server again.

/** Largest upload accepted: 10 MB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_TOO_LARGE = `The image is too large. The limit is ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`;

/** The widths each upload is stored at (those not above the original's width), in pixels. */
export const MEDIA_WIDTHS: readonly number[] = [480, 960, 1600];

/** The types the upload's file picker offers (the server decodes and decides). */
export const MEDIA_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** A press kit's logo: the one upload that may be an SVG (docs/product.md#press-kit). */
export const MEDIA_PURPOSE_PRESS_LOGO = "press-logo";
export const MEDIA_ACCEPT_VECTOR = `${MEDIA_ACCEPT},image/svg+xml,.svg`;

/** Alt text of an image shown with content (a cover, an inline image, a screenshot). */
export const MEDIA_ALT_MAX = 300;
export const MEDIA_ALT_REQUIRED = "Describe the image: alt text is required.";
export const MEDIA_ALT_TOO_LONG = `Alt text must be at most ${MEDIA_ALT_MAX} characters`;

/**
 * An uploaded image as a page shows it: what its <img> is drawn from. Its files' addresses are made
 * where they are shown (`imageSrc`, `imageSrcset`), so a page's data carries an id and its widths
 * rather than every address twice.
 */
export type MediaImage = {
  /** The upload's id: its files are `/media/<id>/<width>.webp`. */
  id: string;
  /** The stored widths, ascending. */
  widths: number[];
  sizes: string;
  /** The largest stored width and its proportional height (the <img>'s intrinsic size). */
  width: number;
  height: number;
  /** A signed link's query, added to each file's address (the logos of a kit not yet public). */
  query?: string;
};

/** The public URL of one stored width. */
export const mediaUrl = (id: string, width: number) => `/media/${id}/${width}.webp`;

/** An image's `src`: its largest stored width. */
export const imageSrc = (image: MediaImage) =>
  `${mediaUrl(image.id, image.width)}${image.query ?? ""}`;

/** An image's `srcset`: every stored width, `/media/<id>/480.webp 480w, …`. */
export const imageSrcset = (image: MediaImage) =>
  image.widths
    .map((width) => `${mediaUrl(image.id, width)}${image.query ?? ""} ${width}w`)
    .join(", ");

/** An image's largest stored width with its size: what a full view or a link preview shows. */
export type ImageSource = { src: string; width: number; height: number };

export const largestSource = (image: MediaImage): ImageSource => ({
  src: imageSrc(image),
  width: image.width,
  height: image.height,
});

/** What POST /media/upload answers. */
export type MediaUploadResult =
  | { ok: true; media: { id: string; image: MediaImage } }
  | { ok: false; error: string };
