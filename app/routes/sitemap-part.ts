import { data } from "react-router";
import { gameSitemapUrls } from "~/games/index.server";
import { gameNewsSitemapUrls, newsSitemapUrls } from "~/news/index.server";
import { pageSitemapUrls } from "~/pages/index.server";
import { SITEMAP_MAX_URLS, STATIC_PAGE_PATHS, urlSet, xmlResponse } from "~/platform/seo/sitemap";
import { runtimeContext } from "~/platform/server/context.server";
import type { Route } from "./+types/sitemap-part";

/**
 * One part of a split sitemap (see sitemap.ts): the public pages with the game pages and their
 * news pages, or 50,000 news articles.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const site = context.get(runtimeContext).env.SITE_URL;
  if (params.file === "pages.xml") {
    const { db } = context.get(runtimeContext);
    const [games, gameNews, ownPages] = await Promise.all([
      gameSitemapUrls(db, site),
      gameNewsSitemapUrls(db, site),
      pageSitemapUrls(db, site),
    ]);
    return xmlResponse(
      urlSet([
        ...STATIC_PAGE_PATHS.map((path) => ({ loc: site + path })),
        ...ownPages,
        ...games,
        ...gameNews,
      ]),
    );
  }
  const part = Number(/^news-([1-9]\d{0,5})\.xml$/.exec(params.file)?.[1]);
  const urls = part
    ? await newsSitemapUrls(context.get(runtimeContext).db, site, part, SITEMAP_MAX_URLS)
    : [];
  if (urls.length === 0) throw data("No such sitemap.", 404);
  return xmlResponse(urlSet(urls));
}
