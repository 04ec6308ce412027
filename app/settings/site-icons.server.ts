import type { Database } from "~/db/database.server";
import { type MediaEntry, readMediaFile } from "~/media/index.server";
import { transformImage } from "~/platform/images/image-pipeline.server";
import type { Storage } from "~/platform/storage/storage.server";

// The icons made from the studio's logo when the settings are saved: the favicon, the Apple touch
// icon and the default Open Graph image, PNGs drawn with sharp from the logo's largest stored
// width and kept beside the uploads (`site/<logo id>/<file>`). Their address names the logo, so a
// new logo is a new address and a browser never keeps an old icon.

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** Each icon: its file name, its canvas and the box the logo is fitted into. */
export const SITE_ICON_FILES = {
  "icon-32.png": { width: 32, height: 32, box: 32, flatten: false },
  "logo-128.png": { width: 128, height: 128, box: 128, flatten: false },
  "apple-touch-icon.png": { width: 180, height: 180, box: 150, flatten: true },
  "og-image.png": { width: 1200, height: 630, box: 420, flatten: true },
} as const;

export type SiteIconFile = keyof typeof SITE_ICON_FILES;

const key = (logoId: string, file: string) => `site/${logoId}/${file}`;

export const isSiteIconFile = (file: string): file is SiteIconFile =>
  Object.hasOwn(SITE_ICON_FILES, file);

/** Makes and stores the icons of a logo (an upload of the media library). */
export async function deriveSiteIcons(
  runtime: { db: Database; storage: Storage },
  logo: MediaEntry,
): Promise<void> {
  const largest = logo.widths.at(-1) ?? logo.width;
  const source = await readMediaFile(runtime, logo.id, `${largest}.webp`);
  if (!source) return;
  for (const [file, size] of Object.entries(SITE_ICON_FILES)) {
    const background = size.flatten ? WHITE : { r: 0, g: 0, b: 0, alpha: 0 };
    const icon = await transformImage(source, { code: "invalid_image" }, (image) => {
      let built = image
        .resize({ width: size.box, height: size.box, fit: "contain", background })
        .extend({
          top: Math.floor((size.height - size.box) / 2),
          bottom: Math.ceil((size.height - size.box) / 2),
          left: Math.floor((size.width - size.box) / 2),
          right: Math.ceil((size.width - size.box) / 2),
          background,
        });
      if (size.flatten) built = built.flatten({ background: WHITE });
      return built.png({ compressionLevel: 9 });
    });
    await runtime.storage.put(key(logo.id, file), icon.data, "image/png");
  }
}

/** One stored icon, for GET /media/site/<logo id>/<file>; null when there is none. */
export async function readSiteIcon(
  storage: Storage,
  logoId: string,
  file: string,
): Promise<Buffer | null> {
  if (!/^[0-9a-f-]{36}$/.test(logoId) || !isSiteIconFile(file)) return null;
  return (await storage.get(key(logoId, file)))?.data ?? null;
}
