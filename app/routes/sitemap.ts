import { gameSitemapUrls } from "~/games/index.server";
import { countNews, gameNewsSitemapUrls, newsSitemapUrls } from "~/news/index.server";
import { pageSitemapUrls } from "~/pages/index.server";
import {
  SITEMAP_MAX_URLS,
  STATIC_PAGE_PATHS,
  sitemapIndex,
  urlSet,
  xmlResponse,
} from "~/platform/seo/sitemap";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/sitemap";

/**
 * The public pages (the spec's and the studio's own), every game page (and its news page when it
 * has news) and every news article in one sitemap; past the protocol's 50,000 addresses, an index
 * of parts: /sitemaps/pages.xml (the pages and the games) and /sitemaps/news-<n>.xml (50,000
 * articles each).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const site = context.get(runtimeContext).env.SITE_URL;
  const { db } = context.get(runtimeContext);
  const [count, games, gameNews, ownPages] = await Promise.all([
    countNews(db),
    gameSitemapUrls(db, site),
    gameNewsSitemapUrls(db, site),
    pageSitemapUrls(db, site),
  ]);
  const pages = [
    ...STATIC_PAGE_PATHS.map((path) => ({ loc: site + path })),
    ...ownPages,
    ...games,
    ...gameNews,
  ];
  if (count + pages.length <= SITEMAP_MAX_URLS) {
    return xmlResponse(
      urlSet([...pages, ...(await newsSitemapUrls(db, site, 1, SITEMAP_MAX_URLS))]),
    );
  }
  const parts = Array.from(
    { length: Math.ceil(count / SITEMAP_MAX_URLS) },
    (_, i) => `${site}/sitemaps/news-${i + 1}.xml`,
  );
  return xmlResponse(sitemapIndex([`${site}/sitemaps/pages.xml`, ...parts]));
}
