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
  readMediaFile,
  readMediaMailFile,
  readMediaOriginal,
  storeMedia,
} from "./media.server";
export {
  imageSrc,
  imageSrcset,
  largestSource,
  type MediaImage,
  type MediaUploadResult,
  mediaUrl,
} from "./media-limits";
export { renderWithMedia } from "./media-markdown.server";
