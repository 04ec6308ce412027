import { HEALTH_PATHS } from "~/health";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(runtimeContext).env.SITE_URL;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...HEALTH_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${site}/sitemap.xml`,
    "",
  ];
  return new Response(body.join("\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
