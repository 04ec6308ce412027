import { MEDIA_MAIL_FILE, readMediaFile, readMediaMailFile } from "~/media/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { mediaAccess } from "~/press/index.server";
import type { Route } from "./+types/media";

/**
 * Serves one stored width of an uploaded image, or its JPEG for mail (`mail.jpg`). Its URL never
 * changes content: cached for a year. The logo of a press kit not yet public follows the kit's
 * access rule and is kept by no cache (docs/product.md#press-kit).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const access = await mediaAccess(request, context, params.id);
  if (access === "refused") return new Response("Not found", { status: 404 });
  const forMail = params.file === MEDIA_MAIL_FILE;
  const stored = forMail
    ? await readMediaMailFile(runtime, params.id)
    : await readMediaFile(runtime, params.id, params.file);
  if (!stored) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(stored), {
    headers: {
      "Content-Type": forMail ? "image/jpeg" : "image/webp",
      "Content-Length": String(stored.length),
      "Cache-Control":
        access === "private" ? "private, no-store" : "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
