import type { Database } from "~/db/database.server";
import { markdown } from "~/platform/markdown/lazy.server";
import type { DroppedImage } from "~/platform/markdown/markdown-rules.server";
import { mediaIdFromPath, mediaImages } from "./media.server";
import { imageSrc, imageSrcset } from "./media-limits";

/**
 * Staff's Markdown (a news article, a game page) as safe HTML, its images taken from the media
 * library at their stored widths (one query for all of them); an image that is not in the library
 * shows its alt text instead.
 */
export async function renderWithMedia(
  db: Database,
  source: string,
  siteUrl?: string,
  /** Collects the images shown as their alt text (the editor's preview says so). */
  dropped?: DroppedImage[],
): Promise<string> {
  const { markdownImages, renderMarkdown } = await markdown();
  const ids = markdownImages(source)
    .map((image) => mediaIdFromPath(image.src))
    .filter((id): id is string => id !== null);
  const images = ids.length ? await mediaImages(db, ids) : null;
  return renderMarkdown(source, {
    siteUrl,
    dropped,
    image: (src) => {
      const id = mediaIdFromPath(src);
      const image = id ? images?.get(id) : undefined;
      if (!image) return null;
      const { sizes, width, height } = image;
      return { src: imageSrc(image), srcset: imageSrcset(image), sizes, width, height };
    },
  });
}
