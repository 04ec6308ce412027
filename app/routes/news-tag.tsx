import { data, Link, redirect } from "react-router";
import { NewsCardGrid, normalizeTag, tagPath } from "~/news";
import { listNewsPage } from "~/news/index.server";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageRequestFrom } from "~/platform/paging/cursor";
import { PageLinks } from "~/platform/paging/page-links";
import { pagedListMeta } from "~/platform/paging/page-meta";
import { notFoundMeta, pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { ArrowLeft, Hash, Rss } from "~/platform/ui/icons";
import { siteFrom } from "~/settings";
import type { Route } from "./+types/news-tag";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

// A tag's page (docs/product.md#tags): the listed posts with the tag, newest first, twelve a page
// by keyset cursor as /news pages, and the tag's feed.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tag = normalizeTag(params.tag);
  // What cannot be a tag names no page.
  if (!tag) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // A tag typed another way ("Level Design", "#level_design"): for good, to its one address.
  if (tag !== params.tag) throw redirect(`${tagPath(tag)}${url.search}`, 301);
  const page = pageRequestFrom(url.searchParams);
  // A cursor that is not ours: the tag's first page.
  if (!page) throw redirect(tagPath(tag));
  const list = await listNewsPage(context.get(runtimeContext).db, { page, filter: { tag } });
  // No post guests may see has the tag: the page does not exist (404), and says so kindly.
  const empty = list.items.length === 0 && page.direction === "first";
  return data({ ...list, tag }, { status: empty ? 404 : 200 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const { siteUrl, siteName, siteImage } = siteFrom(matches);
  if (!loaderData) return notFoundMeta({ path: location.pathname, siteUrl, siteName, siteImage });
  const { tag } = loaderData;
  const path = tagPath(tag);
  // The page's own address and its neighbours': the tag's, then the cursor.
  const cursor = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(location.search)) {
    if (name === "before" || name === "after") cursor.set(name, value);
  }
  const paged = pagedListMeta(path, cursor.toString(), loaderData, siteUrl);
  return [
    ...pageMeta({
      title: `Posts tagged #${tag}`,
      description: `News, devlogs and patch notes tagged #${tag} from ${siteName}.`,
      path: paged.canonicalPath,
      siteUrl,
      siteName,
      siteImage,
    }),
    ...paged.links,
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${siteName} News tagged #${tag}`,
      href: `${path}/feed.xml`,
    },
    ...(loaderData.items.length === 0 ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function NewsTag({ loaderData }: Route.ComponentProps) {
  const { items, tag } = loaderData;
  const link = "link-more gap-2";
  return (
    <div className="page-width py-14">
      <Link to="/news" className={link}>
        <ArrowLeft aria-hidden="true" />
        All news
      </Link>
      <header className="mt-8 flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-4xl font-black tracking-tight break-words">#{tag}</h1>
          <p className="mt-3 text-lg text-muted-foreground">Posts tagged #{tag}, newest first.</p>
        </div>
        <a href={`${tagPath(tag)}/feed.xml`} className={link}>
          <Rss aria-hidden="true" className="size-4" />
          RSS feed<span className="sr-only">{` of the posts tagged #${tag}`}</span>
        </a>
      </header>
      {items.length === 0 ? (
        <div className="mt-12 flex flex-col items-center rounded-xl border border-dashed p-14 text-center">
          <Hash aria-hidden="true" className="size-10 text-muted-foreground" />
          <h2 className="mt-4 text-xl font-semibold">No posts tagged #{tag}</h2>
          <p className="mt-2 text-muted-foreground">Nothing published carries this tag yet.</p>
          <Link to="/news" className="mt-4 text-sm font-medium text-primary hover:underline">
            Show all news
          </Link>
        </div>
      ) : (
        <NewsCardGrid items={items} />
      )}
      <PageLinks
        page={loaderData}
        label="Tag pages"
        newerText="Newer posts"
        olderText="Older posts"
      />
    </div>
  );
}
