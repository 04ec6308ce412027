import { summarize } from "~/news";
import { listNews, renderNewsContent } from "~/news/index.server";
import { FEED_CACHE_CONTROL } from "~/platform/http/shared-pages";
import { escapeXml } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { readSettings } from "~/settings/index.server";
import type { Route } from "./+types/news-feed";

const FEED_SIZE = 20;

/**
 * An article's HTML as a feed reader needs it: links and images absolute (a reader has no base
 * address), one image size (no srcset). The HTML is the renderer's safe output.
 */
export function feedHtml(html: string, site: string): string {
  return html
    .replace(/ (srcset|sizes)="[^"]*"/g, "")
    .replace(/ (href|src)="\/(?!\/)/g, ` $1="${site}/`);
}

/** RSS 2.0 feed of the newest published news, linked from every page's head. */
export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(runtimeContext).env.SITE_URL;
  const { db } = context.get(runtimeContext);
  const [items, studio] = await Promise.all([listNews(db, { limit: FEED_SIZE }), readSettings(db)]);
  const bodies = await Promise.all(items.map((item) => renderNewsContent(db, item, site)));
  const entries = items.map((item, index) => {
    const link = `${site}/news/${item.slug}`;
    return [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(item.date).toUTCString()}</pubDate>`,
      // Readers show a description as HTML: escaped once as HTML, then as XML, it stays text.
      `      <description>${escapeXml(escapeXml(summarize(item.excerpt, 300)))}</description>`,
      // The whole article as HTML, escaped once as XML: readers show it as the renderer made it.
      `      <content:encoded>${escapeXml(feedHtml(bodies[index] ?? "", site))}</content:encoded>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = items[0] ? new Date(items[0].date).toUTCString() : new Date(0).toUTCString();
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    "  <channel>",
    `    <title>${escapeXml(`${studio.name} News`)}</title>`,
    `    <link>${escapeXml(`${site}/news`)}</link>`,
    `    <description>${escapeXml(`News from ${studio.name}`)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${site}/news/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": FEED_CACHE_CONTROL,
    },
  });
}
