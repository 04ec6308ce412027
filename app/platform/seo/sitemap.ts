import { FEED_CACHE_CONTROL } from "../http/shared-pages";
import { escapeXml } from "./meta";

// Sitemaps as the protocol has them (sitemaps.org): at most 50,000 addresses in one file; past that
// an index file names the parts.

export const SITEMAP_MAX_URLS = 50_000;

/** The public screens every sitemap lists first (docs/product.md#routes). */
export const STATIC_PAGE_PATHS = ["/", "/games", "/news", "/contact"] as const;

export type SitemapUrl = { loc: string; lastmod?: string };

/** A `<urlset>` of addresses. */
export function urlSet(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(
    (url) =>
      `  <url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/** A `<sitemapindex>` naming the parts. */
export function sitemapIndex(locs: readonly string[]): string {
  const entries = locs.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": FEED_CACHE_CONTROL,
    },
  });
}
