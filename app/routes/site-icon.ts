import { runtimeContext } from "~/platform/server/context.server";
import { readSiteIcon } from "~/settings/index.server";
import type { Route } from "./+types/site-icon";

/**
 * Serves an icon made from the studio's logo (favicon, touch icon, social image). Its address
 * names the logo, so its content never changes: cached for a year.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const stored = await readSiteIcon(context.get(runtimeContext).storage, params.id, params.file);
  if (!stored) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(stored), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(stored.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
