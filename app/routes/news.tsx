import { AlertTriangle, Newspaper } from "lucide-react";
import { data, redirect, useNavigation } from "react-router";
import { NewsCard, NewsSearch, NoSearchResults } from "~/news";
import { listNewsPage } from "~/news/index.server";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageRequestFrom } from "~/platform/paging/cursor";
import { PageLinks } from "~/platform/paging/page-links";
import { pagedListMeta } from "~/platform/paging/page-meta";
import { searchText } from "~/platform/paging/search";
import { pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { Spinner } from "~/platform/ui/spinner";
import { siteFrom } from "~/settings";
import type { Route } from "./+types/news";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

// The news list (docs/product.md#news-list): twelve cards a page, newest first, older and newer
// pages by keyset cursor (?before= / ?after=), and a search (?q=) paged the same way.

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const search = searchText(params.get("q"));
  const page = pageRequestFrom(params);
  // A cursor that is not ours (edited, truncated): the list from its start.
  if (!page) throw redirect(search ? `/news?${new URLSearchParams({ q: search })}` : "/news");
  try {
    const list = await listNewsPage(context.get(runtimeContext).db, { page, search });
    return { ...list, search, error: null };
  } catch (error) {
    context.get(runtimeContext).logger.error({ err: error }, "news list failed");
    const failed = { items: [], newer: null, older: null, search, error: "Failed to fetch news" };
    return data(failed, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const { siteUrl, siteName, siteImage } = siteFrom(matches);
  const paged = pagedListMeta("/news", location.search, loaderData, siteUrl);
  return [
    ...pageMeta({
      title: loaderData?.search ? `News matching “${loaderData.search}”` : "News",
      description: `The latest news, devlogs and announcements from ${siteName}.`,
      path: paged.canonicalPath,
      siteUrl,
      siteName,
      siteImage,
    }),
    ...paged.links,
    // Search results are for the reader who asked, not for search engines.
    ...(loaderData?.search ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { items, search, error } = loaderData;
  const navigation = useNavigation();
  const refreshing = navigation.state === "loading" && navigation.location.pathname === "/news";
  const firstPage = !loaderData.newer;
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-black tracking-tight">News</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Devlogs, release notes and studio announcements.
        </p>
      </header>
      <NewsSearch search={search} />
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
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          <p>Error loading news: {error}</p>
        </div>
      )}
      {!error && items.length === 0 && search && <NoSearchResults search={search} />}
      {!error && items.length === 0 && !search && firstPage && (
        <div className="mt-12 flex flex-col items-center rounded-xl border border-dashed p-14 text-center">
          <Newspaper aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-xl font-semibold">No News Yet</h2>
          <p className="mt-2 text-muted-foreground">
            Our first update is on its way. Follow the studio to hear about it first.
          </p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => (
            <li key={item.id}>
              <NewsCard item={item} headingLevel={2} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <PageLinks
        page={loaderData}
        label="News pages"
        newerText="Newer posts"
        olderText="Older posts"
      />
    </div>
  );
}
