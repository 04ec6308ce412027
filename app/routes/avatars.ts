import { runtimeContext } from "~/platform/server/context.server";
import { profileExists } from "~/profiles/index.server";
import type { Route } from "./+types/avatars";

/** Serves an avatar. Its URL carries a version, so it can be cached for a year. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const userId = params.userId;
  if (!/^[\w-]{1,64}$/.test(userId) || params.file !== "avatar.webp") {
    return new Response("Not found", { status: 404 });
  }
  // A deleted account's avatar is gone even if removing its file failed.
  if (!(await profileExists(context.get(runtimeContext).db, userId))) {
    return new Response("Not found", { status: 404 });
  }
  const stored = await context.get(runtimeContext).storage.get(`${userId}/avatar.webp`);
  if (!stored) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(stored.data), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stored.data.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
