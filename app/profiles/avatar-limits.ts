// The avatar's size limit, checked in the browser before a file is sent and on the server again.
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TOO_LARGE = `The image is too large. The limit is ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`;

/** What POST /profile/avatar answers a script (the browser's upload form). */
export type AvatarResult = { ok: true; avatarUrl: string } | { ok: false; error: string };
