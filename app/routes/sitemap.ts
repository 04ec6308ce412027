import { listNews } from "~/news/index.server";
import { escapeXml } from "~/platform/seo/meta";
import type { Route } from "./+types/sitemap";

const STATIC_PATHS = ["/", "/games", "/news", "/contact"];

export async function loader({ context }: Route.LoaderArgs) {
  const site = context.runtime.env.SITE_URL;
  const news = await listNews(context.runtime.db);
  const urls = [
    ...STATIC_PATHS.map((path) => `  <url><loc>${escapeXml(site + path)}</loc></url>`),
    ...news.map(
      (item) =>
        `  <url><loc>${escapeXml(`${site}/news/${item.id}`)}</loc><lastmod>${item.updatedAt}</lastmod></url>`,
    ),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
