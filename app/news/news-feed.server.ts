import type { Database } from "~/db/database.server";
import { mediaImages } from "~/media/index.server";
import { escapeXml } from "~/platform/seo/meta";
import { listNews, renderNewsContent } from "./news.server";
import { summarize } from "./news-format";

// The RSS 2.0 feed of the newest published news (docs/product.md#routes), linked from every
// page's head: each item's summary, its whole article as HTML and its cover.

const FEED_SIZE = 20;

/**
 * An article's HTML as a feed reader needs it: links and images absolute (a reader has no base
 * address), one image size (no srcset), and no heading anchors (a reader shows their "#" as a
 * stray character: its links point into a page the reader does not show). The HTML is the
 * renderer's safe output.
 */
export function feedHtml(html: string, site: string): string {
  return html
    .replace(/ ?<a class="heading-anchor"[^>]*>#<\/a>/g, "")
    .replace(/ (srcset|sizes)="[^"]*"/g, "")
    .replace(/ (href|src)="\/(?!\/)/g, ` $1="${site}/`);
}

/** The feed's XML, for a studio named `studioName` at `site`. */
export async function newsFeedXml(db: Database, site: string, studioName: string): Promise<string> {
  const items = await listNews(db, { limit: FEED_SIZE });
  const [bodies, covers] = await Promise.all([
    Promise.all(items.map((item) => renderNewsContent(db, item, site))),
    mediaImages(
      db,
      items.flatMap((item) => item.coverImage ?? []),
    ),
  ]);
  const entries = items.map((item, index) => {
    const link = `${site}/news/${item.slug}`;
    const cover = item.coverImage ? covers.get(item.coverImage.toLowerCase()) : undefined;
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
      // The cover, as readers take a picture for an item (Media RSS).
      ...(cover
        ? [
            `      <media:content url="${escapeXml(`${site}${cover.src}`)}" medium="image" type="image/webp" width="${cover.width}" height="${cover.height}">`,
            ...(item.coverAlt
              ? [`        <media:description>${escapeXml(item.coverAlt)}</media:description>`]
              : []),
            "      </media:content>",
          ]
        : []),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    `    <title>${escapeXml(`${studioName} News`)}</title>`,
    `    <link>${escapeXml(`${site}/news`)}</link>`,
    `    <description>${escapeXml(`News from ${studioName}`)}</description>`,
    "    <language>en</language>",
    // An empty feed has no last build to name (never 1970).
    ...(items[0]
      ? [`    <lastBuildDate>${new Date(items[0].date).toUTCString()}</lastBuildDate>`]
      : []),
    `    <atom:link href="${escapeXml(`${site}/news/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
