import type { Database } from "~/db/database.server";
import { imageSrc, mediaImages } from "~/media/index.server";
import { FEED_CACHE_CONTROL } from "~/platform/http/shared-pages";
import { escapeXml } from "~/platform/seo/meta";
import { listNews } from "./news.server";
import { NEWS_KIND_LABELS, type NewsFilter, tagPath } from "./news-about";
import type { ListReach } from "./news-about.server";
import { summarize } from "./news-format";
import { newsHtmlOf } from "./news-html.server";
import type { NewsEntry } from "./news-schema";

// The RSS 2.0 feeds of the news (docs/product.md#routes): the studio's (/news/feed.xml, linked from
// every page's head), a game's (/games/<slug>/feed.xml) and a tag's (/news/tag/<tag>/feed.xml).
// Each carries its newest posts: summary, whole article as HTML, cover, and categories naming the
// post's kind, tags and games.

const FEED_SIZE = 20;

/** What a feed is about: its channel's words, and the page and address it stands for (paths). */
export type FeedChannel = {
  title: string;
  description: string;
  /** The page the feed follows, e.g. `/news`. */
  path: string;
  /** The feed's own address, e.g. `/news/feed.xml`. */
  self: string;
};

/** The studio's feed: every listed post. */
export const studioFeed = (studioName: string): FeedChannel => ({
  title: `${studioName} News`,
  description: `News from ${studioName}`,
  path: "/news",
  self: "/news/feed.xml",
});

/** A game's feed: the posts about it. */
export const gameFeed = (
  game: { title: string; slug: string },
  studioName: string,
): FeedChannel => ({
  title: `${game.title} news — ${studioName}`,
  description: `News about ${game.title} from ${studioName}`,
  path: `/games/${game.slug}/news`,
  self: `/games/${game.slug}/feed.xml`,
});

/** A tag's feed: the posts with that tag (a normalised tag). */
export const tagFeed = (tag: string, studioName: string): FeedChannel => ({
  title: `News tagged ${tag} — ${studioName}`,
  description: `Posts tagged ${tag} from ${studioName}`,
  path: tagPath(tag),
  self: `${tagPath(tag)}/feed.xml`,
});

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

/**
 * A post's categories: its kind, its tags and the games it is about, each with the address of its
 * list as the category's domain (readers group and filter by them).
 */
function categories(item: NewsEntry, site: string): string[] {
  const category = (domain: string, name: string) =>
    `      <category domain="${escapeXml(site + domain)}">${escapeXml(name)}</category>`;
  return [
    category(`/news?kind=${item.kind}`, NEWS_KIND_LABELS[item.kind]),
    ...item.tags.map((tag) => category(tagPath(tag), tag)),
    ...item.games.map((game) => category(`/games/${game.slug}`, game.title)),
  ];
}

/**
 * A feed's XML at `site`: its channel, and the newest posts `select` picks (a filter; `reach`
 * "reachable" for an unlisted game's own feed).
 */
export async function feedXml(
  db: Database,
  site: string,
  channel: FeedChannel,
  select: { filter?: NewsFilter; reach?: ListReach } = {},
): Promise<string> {
  const items = await listNews(db, { limit: FEED_SIZE, ...select });
  const [bodies, covers] = await Promise.all([
    newsHtmlOf(
      db,
      items.map((item) => item.id),
      site,
    ),
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
      ...categories(item, site),
      // Readers show a description as HTML: escaped once as HTML, then as XML, it stays text.
      `      <description>${escapeXml(escapeXml(summarize(item.excerpt, 300)))}</description>`,
      // The whole article as HTML, escaped once as XML: readers show it as the renderer made it.
      `      <content:encoded>${escapeXml(feedHtml(bodies[index] ?? "", site))}</content:encoded>`,
      // The cover, as readers take a picture for an item (Media RSS).
      ...(cover
        ? [
            `      <media:content url="${escapeXml(`${site}${imageSrc(cover)}`)}" medium="image" type="image/webp" width="${cover.width}" height="${cover.height}">`,
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
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(site + channel.path)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en</language>",
    // An empty feed has no last build to name (never 1970).
    ...(items[0]
      ? [`    <lastBuildDate>${new Date(items[0].date).toUTCString()}</lastBuildDate>`]
      : []),
    `    <atom:link href="${escapeXml(site + channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The studio's feed, for a studio named `studioName` at `site`. */
export function newsFeedXml(db: Database, site: string, studioName: string): Promise<string> {
  return feedXml(db, site, studioFeed(studioName));
}

/**
 * A feed's response: readers may keep it five minutes. `noindex` for an unlisted game's feed,
 * which search engines should not list any more than its page.
 */
export function feedResponse(xml: string, options: { noindex?: boolean } = {}): Response {
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": FEED_CACHE_CONTROL,
      ...(options.noindex ? { "X-Robots-Tag": "noindex" } : {}),
    },
  });
}
