import { ArrowLeft } from "lucide-react";
import { Link, redirect } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { recordActivity } from "~/activity/index.server";
import { summarize, toParagraphs } from "~/news";
import { getNews } from "~/news/index.server";
import { LocalTime } from "~/platform/dates/local-time";
import { jsonLd, pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { useNonce } from "~/platform/server/nonce";
import { STUDIO } from "~/platform/studio/studio";
import type { Route } from "./+types/news-detail";

async function recordNewsView(
  request: Request,
  context: Route.LoaderArgs["context"],
  newsId: string,
) {
  try {
    const user = await getSessionUser(request, context);
    if (user) await recordActivity(context.runtime.db, user.id, "news_view", { news_id: newsId });
  } catch (error) {
    context.runtime.logger.warn({ err: error }, "news view not recorded");
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const article = await getNews(context.runtime.db, params.id);
  // An unknown or malformed id goes back to the list (docs/product.md#news-detail).
  if (!article) throw redirect("/news");
  // A signed-in reader's view is recorded after the page is answered, never delaying it.
  if (request.headers.get("Cookie")?.includes("studio.session_token")) {
    void recordNewsView(request, context, article.id);
  }
  return { article, siteUrl: context.runtime.env.SITE_URL };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  if (!data) return [{ title: "News article not found." }];
  const { article } = data;
  return pageMeta({
    title: article.title,
    description: summarize(article.content),
    path: `/news/${article.id}`,
    siteUrl: siteUrlFrom(matches),
    type: "article",
    publishedTime: article.date,
    modifiedTime: article.updatedAt,
  });
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
  const { article, siteUrl } = loaderData;
  if (!article) return <p className="p-10 text-center">News article not found.</p>;
  const url = `${siteUrl}/news/${article.id}`;
  const structured = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    datePublished: article.date,
    dateModified: article.updatedAt,
    mainEntityOfPage: url,
    url,
    image: [`${siteUrl}/og-image.png`],
    author: { "@type": "Organization", name: STUDIO.name, url: siteUrl },
    publisher: { "@type": "Organization", name: STUDIO.name, url: siteUrl },
    description: summarize(article.content),
  };
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <script
        type="application/ld+json"
        nonce={nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped
        dangerouslySetInnerHTML={{ __html: jsonLd(structured) }}
      />
      <BackLink />
      <header className="mt-8 border-b pb-8">
        <LocalTime value={article.date} format="list" className="text-sm text-muted-foreground" />
        <h1 className="mt-2 text-4xl font-black leading-tight tracking-tight">{article.title}</h1>
      </header>
      <div className="mt-8 space-y-5 text-lg leading-relaxed">
        {toParagraphs(article.content).map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their place
          <p key={index}>{paragraph}</p>
        ))}
      </div>
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
