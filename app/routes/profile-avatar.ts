import { data } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { isAppError } from "~/platform/errors/app-error";
import { tooManyUploads } from "~/platform/limits/rate-limit.server";
import { runtimeContext } from "~/platform/server/context.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import type { AvatarResult } from "~/profiles";
import { processAvatar, setAvatarUrl } from "~/profiles/index.server";
import type { Route } from "./+types/profile-avatar";

/** POST a multipart form with one `avatar` file; the signed-in user's avatar is replaced. */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const user = await getSessionUser(request, context);
  if (!user)
    return data<AvatarResult>({ ok: false, error: "Please sign in to change your avatar." }, 401);
  const limited = await runtime.limits.uploads.consume(`user:${user.id}`);
  if (!limited.allowed)
    return data<AvatarResult>(
      { ok: false, error: tooManyUploads(limited.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limited.retryAfterSeconds) } },
    );
  // A body over the upload limit never gets here: it is refused before it is read (413, see
  // app/platform/server/request-limits.server.ts).
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("avatar");
  } catch {
    return data<AvatarResult>({ ok: false, error: "The upload could not be read." }, 400);
  }
  if (!(file instanceof File))
    return data<AvatarResult>({ ok: false, error: "Choose an image file to upload." }, 400);
  try {
    const webp = await processAvatar(Buffer.from(await file.arrayBuffer()));
    // One key per user: the new file replaces the old one; the version busts caches.
    await runtime.storage.put(`${user.id}/avatar.webp`, webp, "image/webp");
    const avatarUrl = `/avatars/${user.id}/avatar.webp?v=${Date.now().toString(36)}`;
    await setAvatarUrl(runtime.db, user.id, avatarUrl);
    if (request.headers.get("Accept")?.includes("text/html")) {
      return redirectWithToast(
        "/profile",
        { type: "success", title: "Avatar uploaded successfully" },
        runtime.env.AUTH_SECRET,
      );
    }
    return data<AvatarResult>({ ok: true, avatarUrl });
  } catch (error) {
    if (isAppError(error))
      return data<AvatarResult>({ ok: false, error: error.message }, error.status);
    runtime.logger.error({ err: error }, "avatar upload failed");
    return data<AvatarResult>({ ok: false, error: "Failed to upload avatar" }, 500);
  }
}

export function loader() {
  return new Response(null, { status: 302, headers: { Location: "/profile" } });
}
