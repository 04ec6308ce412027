import { data } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { MEDIA_PURPOSE_PRESS_LOGO, type MediaUploadResult } from "~/media";
import { mediaImage, storeMedia } from "~/media/index.server";
import { isAppError } from "~/platform/errors/app-error";
import { tooManyUploads } from "~/platform/limits/rate-limit.server";
import { runtimeContext } from "~/platform/server/context.server";
import { can } from "~/roles";
import type { Route } from "./+types/media-upload";

const reply = (result: MediaUploadResult, status = 200) =>
  data(result, { status, headers: { "Cache-Control": "private, no-store" } });

/**
 * POST a multipart form with one `file`: the image goes into the media library (news covers and
 * images, game screenshots, the studio's logo), for the staff who manage news, games or the
 * site settings; `purpose=press-logo` (a press kit's logo, which may be an SVG) for those who
 * manage press kits. Answers JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  if (request.method !== "POST")
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const user = await getSessionUser(request, context);
  if (!user) return reply({ ok: false, error: "Please sign in to upload images." }, 401);
  if (
    !can(user.role, "canManageNews") &&
    !can(user.role, "canManageGames") &&
    !can(user.role, "canManageSettings")
  )
    return reply({ ok: false, error: "Your role does not allow this." }, 403);
  const limited = await runtime.limits.uploads.consume(`user:${user.id}`);
  if (!limited.allowed)
    return data<MediaUploadResult>(
      { ok: false, error: tooManyUploads(limited.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  // A body over the upload limit never gets here: it is refused before it is read (413, see
  // app/platform/server/request-limits.server.ts).
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return reply({ ok: false, error: "The upload could not be read." }, 400);
  }
  const file = form.get("file");
  if (!(file instanceof File))
    return reply({ ok: false, error: "Choose an image file to upload." }, 400);
  // A press kit's logo may be an SVG (kept for download, shown as raster): for who edits kits.
  const pressLogo = form.get("purpose") === MEDIA_PURPOSE_PRESS_LOGO;
  if (pressLogo && !can(user.role, "canManagePress"))
    return reply({ ok: false, error: "Your role does not allow this." }, 403);
  try {
    const entry = await storeMedia(runtime, Buffer.from(await file.arrayBuffer()), user.id, {
      vector: pressLogo,
    });
    return reply({ ok: true, media: { id: entry.id, image: mediaImage(entry) } });
  } catch (error) {
    if (isAppError(error)) return reply({ ok: false, error: error.message }, error.status);
    runtime.logger.error({ err: error }, "media upload failed");
    return reply({ ok: false, error: "The image could not be saved. Please try again." }, 500);
  }
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
