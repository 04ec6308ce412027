import type { MediaImage } from "~/media";

// A game page's screenshots: uploaded images at a few widths. The page's meta takes the full-size
// one for link previews and the gallery links each thumbnail to it (the media module's
// `largestSource`, made where it is shown, so the page's data does not carry each address twice).

export type Screenshot = { image: MediaImage; alt: string };
