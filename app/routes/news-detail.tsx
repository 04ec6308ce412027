import { ArrowLeft } from "lucide-react";
import { Link, redirect } from "react-router";
import { getSessionUser, recordViewLater } from "~/accounts/index.server";
import { NewsArticleBody, newsStructuredData, summarize } from "~/news";
import { readArticle } from "~/news/index.server";
import { STUDIO_LIST, SubscribeForm, studioListName } from "~/newsletter";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { jsonLd, pageMeta } from "~/platform/seo/meta";
import { runtimeContext } from "~/platform/server/context.server";
import { useNonce } from "~/platform/server/nonce";
import { can } from "~/roles";
import { siteFrom, useSite } from "~/settings";
import type { Route } from "./+types/news-detail";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const found = await readArticle(runtime, params.slug);
  // An unknown address goes back to the list (docs/product.md#news-detail); so does a draft or a
  // scheduled item for anyone but the staff who write news, who see it here before it is public.
  if (!found) throw redirect("/news");
  const { article } = found;
  const preview = article.state !== "published";
  if (preview) {
    const user = await getSessionUser(request, context);
    if (!user || !can(user.role, "canManageNews")) throw redirect("/news");
  }
  // The old address by id, or an address the item has since left: for good, to the slug.
  if (params.slug !== article.slug) throw redirect(`/news/${article.slug}`, 301);
  if (!preview)
    recordViewLater(request, context, "news_view", { news_id: article.id, slug: article.slug });
  return { ...found, preview, siteUrl: runtime.env.SITE_URL };
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
      image: cover ? { ...cover.image, alt: cover.alt } : undefined,
    }),
    ...(data.preview ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
};

function BackLink() {
  return (
    <Link
      to="/news"
      className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
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
        <Link
          to="/"
          className="text-sm font-medium text-muted-foreground hover:text-foreground hover:underline"
        >
          Back to Home
        </Link>
      </footer>
    </article>
  );
}
