import { runtimeContext } from "~/platform/server/context.server";
import { siteIcons } from "~/settings";
import { readSettings } from "~/settings/index.server";
import type { Route } from "./+types/favicon";

/**
 * /favicon.ico, which browsers, feed readers and crawlers ask for whatever the page says: the
 * site's own icon (the logo's, else the neutral one), by a redirect that follows a new logo.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(runtimeContext);
  const { favicon } = siteIcons((await readSettings(db)).logo);
  return new Response(null, {
    status: 302,
    headers: { Location: favicon, "Cache-Control": "public, max-age=300" },
  });
}
