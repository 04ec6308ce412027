import {
  checkImage,
  IMAGE_MAX_PIXELS,
  type ImageRules,
  transformImage,
} from "~/platform/images/image-pipeline.server";
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from "./avatar-limits";

// The avatar: the shared image pipeline's checks (app/platform/images), then one small square WebP
// without metadata.

export const AVATAR_LIMITS = {
  /** Largest upload accepted. */
  bytes: AVATAR_MAX_BYTES,
  /** Largest image accepted (the pipeline's pixel-flood limit). */
  pixels: IMAGE_MAX_PIXELS,
  /** Stored size. */
  size: 256,
} as const;

const AVATAR_RULES: ImageRules = {
  maxBytes: AVATAR_LIMITS.bytes,
  tooLarge: AVATAR_TOO_LARGE,
  maxPixels: AVATAR_LIMITS.pixels,
  code: "invalid_avatar",
};

/** The stored avatar, or an AppError "unprocessable" (422) saying why the upload was refused. */
export async function processAvatar(input: Buffer): Promise<Buffer> {
  await checkImage(input, AVATAR_RULES);
  const { data } = await transformImage(input, AVATAR_RULES, (image) =>
    image.resize(AVATAR_LIMITS.size, AVATAR_LIMITS.size, { fit: "cover" }).webp({ quality: 82 }),
  );
  return data;
}
