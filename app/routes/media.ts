import { readMediaFile } from "~/media/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/media";

/** Serves one stored width of an uploaded image. Its URL never changes content: cached for a year. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const stored = await readMediaFile(context.get(runtimeContext), params.id, params.file);
  if (!stored) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(stored), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stored.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
