// The media feature's browser-safe face: what other folders may import.
export { ImagePicker } from "./image-picker";
export { ImageUpload, MEDIA_UPLOAD_PATH } from "./image-upload";
export {
  type ImageSource,
  imageSrc,
  imageSrcset,
  largestSource,
  MEDIA_ACCEPT,
  MEDIA_ACCEPT_VECTOR,
  MEDIA_ALT_MAX,
  MEDIA_ALT_REQUIRED,
  MEDIA_ALT_TOO_LONG,
  MEDIA_MAX_BYTES,
  MEDIA_PURPOSE_PRESS_LOGO,
  MEDIA_TOO_LARGE,
  MEDIA_WIDTHS,
  type MediaImage,
  type MediaUploadResult,
} from "./media-limits";
export { ResponsiveImage } from "./responsive-image";
