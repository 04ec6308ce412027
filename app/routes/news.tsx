import { data, redirect, useNavigation } from "react-router";
import {
  isIndexableNewsList,
  NewsCardGrid,
  NewsFilterBar,
  NewsSearch,
  NoNews,
  NoSearchResults,
  newsFilterFrom,
  newsListHeading,
  newsListHref,
  newsListQuery,
} from "~/news";
import { readNewsList } from "~/news/index.server";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageRequestFrom } from "~/platform/paging/cursor";
import { PageLinks } from "~/platform/paging/page-links";
import { pagedListMeta } from "~/platform/paging/page-meta";
import { searchText } from "~/platform/paging/search";
import { pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { TriangleAlert } from "~/platform/ui/icons";
import { Spinner } from "~/platform/ui/spinner";
import { siteFrom } from "~/settings";
import type { Route } from "./+types/news";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

// The news list (docs/product.md#news-list): twelve cards a page, newest first, older and newer
// pages by keyset cursor (?before= / ?after=), a search (?q=) and filters (?kind=, ?game=, ?tag=)
// paged the same way.

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = searchText(params.get("q"));
  // A filter value that cannot be one (an unknown kind, a malformed tag) is left out.
  const filter = newsFilterFrom(params);
  const page = pageRequestFrom(params);
  // A cursor that is not ours (edited, truncated): the list from its start, with its filters.
  if (!page) throw redirect(newsListHref(filter, search));
  try {
    const { game, ...list } = await readNewsList(context.get(runtimeContext).db, {
      page,
      search,
      filter,
    });
    // The game filter as the page names it: a game asked for by id is shown by its address.
    const shown = game ? { ...filter, game: game.slug } : filter;
    return { ...list, search, filter: shown, game: game?.title ?? null, error: null };
  } catch (error) {
    context.get(runtimeContext).logger.error({ err: error }, "news list failed");
    const failed = { items: [], newer: null, older: null, search, filter, game: null };
    return data({ ...failed, error: "Failed to fetch news" }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const { siteUrl, siteName, siteImage } = siteFrom(matches);
  const filter = loaderData?.filter ?? {};
  const search = loaderData?.search ?? "";
  // The page's own address and its neighbours': the filters as understood, then the cursor.
  const query = newsListQuery(filter, search);
  for (const [name, value] of new URLSearchParams(location.search)) {
    if (name === "before" || name === "after") query.set(name, value);
  }
  const paged = pagedListMeta("/news", query.toString(), loaderData, siteUrl);
  const filtered = Boolean(filter.kind || filter.game || filter.tag);
  const title = newsListHeading(filter, loaderData?.game ?? undefined, search);
  return [
    ...pageMeta({
      title,
      description: filtered
        ? `${title} from ${siteName}.`
        : `The latest news, devlogs and announcements from ${siteName}.`,
      path: paged.canonicalPath,
      siteUrl,
      siteName,
      siteImage,
    }),
    ...paged.links,
    // Search results are for the reader who asked; a game's and a tag's posts have pages of their
    // own; an empty list is no page to find.
    ...(isIndexableNewsList(filter, search, !loaderData?.items.length)
      ? []
      : [{ name: "robots", content: "noindex, follow" }]),
  ];
};

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { items, search, error, filter, game } = loaderData;
  const navigation = useNavigation();
  const refreshing = navigation.state === "loading" && navigation.location.pathname === "/news";
  const firstPage = !loaderData.newer;
  const filtered = Boolean(filter.kind || filter.game || filter.tag);
  return (
    <div className="page-width py-14">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-black tracking-tight">
          {newsListHeading(filter, game ?? undefined)}
        </h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Devlogs, release notes and studio announcements.
        </p>
      </header>
      <NewsSearch search={search} filter={filter} />
      <NewsFilterBar filter={filter} game={game ?? undefined} search={search} />
      {refreshing && (
        <div className="mt-10 flex justify-center">
          <Spinner className="text-primary" label="Loading news" />
        </div>
      )}
      {error && (
        <div
          role="alert"
          className="mt-10 flex items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-destructive"
        >
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p>Error loading news: {error}</p>
        </div>
      )}
      {!error && items.length === 0 && search && <NoSearchResults search={search} />}
      {!error && items.length === 0 && !search && firstPage && (
        <NoNews filtered={filtered} unknownGame={filter.game && !game ? filter.game : undefined} />
      )}
      {items.length > 0 && <NewsCardGrid items={items} />}
      <PageLinks
        page={loaderData}
        label="News pages"
        newerText="Newer posts"
        olderText="Older posts"
      />
    </div>
  );
}
