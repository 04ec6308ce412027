// The media feature's server-only face: what other folders may import on the server.

export {
  discardMedia,
  getMedia,
  MEDIA_MAIL_FILE,
  type MediaEntry,
  mediaIdFromPath,
  mediaImage,
  mediaImages,
  mediaMailUrl,
  mediaOriginalFile,
  mediaUrl,
  readMediaFile,
  readMediaMailFile,
  readMediaOriginal,
  storeMedia,
} from "./media.server";
export type { MediaImage, MediaUploadResult } from "./media-limits";
export { renderWithMedia } from "./media-markdown.server";
