import { Link, redirect } from "react-router";
import { getSessionUser, recordViewLater } from "~/accounts/index.server";
import { coverPreview, kindLabel, NewsArticleBody, newsStructuredData, summarize } from "~/news";
import { publicEntry, readArticle } from "~/news/index.server";
import { STUDIO_LIST, SubscribeForm, studioListName } from "~/newsletter";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { jsonLd, pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { useNonce } from "~/platform/server/nonce";
import { ArrowLeft } from "~/platform/ui/icons";
import { can } from "~/roles";
import { siteFrom, useSite } from "~/settings";
import type { Route } from "./+types/news-detail";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const found = await readArticle(runtime, params.slug);
  // An unknown address goes back to the list (docs/product.md#news-detail); so does a draft, a
  // scheduled item or a post about a game not announced yet, for anyone but the staff who write
  // news, who see it here before guests do. A guest cannot tell these from an unknown address.
  if (!found) throw redirect("/news");
  const { reach } = found;
  // Which lists it is mailed to is the staff's business.
  const article = publicEntry(found.article);
  const preview = article.state !== "published" || reach === "hidden";
  if (preview) {
    const user = await getSessionUser(request, context);
    if (!user || !can(user.role, "canManageNews")) throw redirect("/news");
  }
  // The old address by id, or an address the item has since left: for good, to the slug.
  if (params.slug !== article.slug) throw redirect(`/news/${article.slug}`, 301);
  if (!preview)
    recordViewLater(request, context, "news_view", { news_id: article.id, slug: article.slug });
  return { ...found, article, preview, siteUrl: runtime.env.SITE_URL };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "News article not found." }];
  const { article, cover } = data;
  return [
    ...pageMeta({
      title: article.title,
      description: summarize(article.excerpt),
      path: `/news/${article.slug}`,
      ...siteFrom(matches),
      type: "article",
      publishedTime: article.date,
      modifiedTime: article.updatedAt,
      section: kindLabel(article.kind, article.version),
      tags: article.tags,
      image: cover ? coverPreview(cover) : undefined,
    }),
    // A preview is the staff's; a post about an unlisted game opens by its address, as its game's
    // page does, and stays out of search engines as that page does.
    ...(data.preview
      ? [{ name: "robots", content: "noindex, nofollow" }]
      : data.reach === "unlisted"
        ? [{ name: "robots", content: "noindex" }]
        : []),
  ];
};

function BackLink() {
  return (
    <Link to="/news" className="link-more gap-2">
      <ArrowLeft aria-hidden="true" />
      Back to News
    </Link>
  );
}

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { article, html, cover, preview, siteUrl } = loaderData;
  const site = useSite();
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      {!preview && (
        <script
          type="application/ld+json"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped
          dangerouslySetInnerHTML={{
            __html: jsonLd(newsStructuredData(article, cover, siteUrl, site.name)),
          }}
        />
      )}
      <NewsArticleBody
        article={article}
        html={html}
        cover={cover}
        preview={preview}
        backLink={<BackLink />}
      />
      {!preview && (
        <div className="mt-12">
          <SubscribeForm
            form="news"
            lists={[{ name: STUDIO_LIST, label: studioListName(site.name) }]}
            text="The studio's next posts in your inbox. Confirm by mail; unsubscribe in one click."
          />
        </div>
      )}
      <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 border-t pt-8">
        <BackLink />
        <Link to="/" className="link-quiet text-sm font-medium">
          Back to Home
        </Link>
      </footer>
    </article>
  );
}
