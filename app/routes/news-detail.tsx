import { ArrowLeft, Eye } from "lucide-react";
import { Link, redirect } from "react-router";
import { getSessionUser } from "~/accounts/index.server";
import { recordActivity } from "~/activity/index.server";
import { ResponsiveImage } from "~/media";
import { NEWS_STATE_LABELS, summarize } from "~/news";
import { readArticle } from "~/news/index.server";
import { LocalTime } from "~/platform/dates/local-time";
import { jsonLd, pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { useNonce } from "~/platform/server/nonce";
import { STUDIO } from "~/platform/studio/studio";
import { can } from "~/roles";
import type { Route } from "./+types/news-detail";

async function recordNewsView(
  request: Request,
  context: Route.LoaderArgs["context"],
  article: { id: string; slug: string },
) {
  try {
    const user = await getSessionUser(request, context);
    if (user)
      await recordActivity(context.runtime.db, user.id, "news_view", {
        news_id: article.id,
        slug: article.slug,
      });
  } catch (error) {
    context.runtime.logger.warn({ err: error }, "news view not recorded");
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime } = context;
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
  // A signed-in reader's view is recorded after the page is answered, never delaying it.
  if (!preview && request.headers.get("Cookie")?.includes("studio.session_token")) {
    void recordNewsView(request, context, article);
  }
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
      siteUrl: siteUrlFrom(matches),
      type: "article",
      publishedTime: article.date,
      modifiedTime: article.updatedAt,
      image: cover
        ? {
            src: cover.image.src,
            width: cover.image.width,
            height: cover.image.height,
            alt: cover.alt,
          }
        : undefined,
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

/** What staff see above an item that is not public yet. */
function PreviewBanner({ state, publishedAt }: { state: string; publishedAt: string | null }) {
  return (
    <div
      role="status"
      className="mb-8 flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
    >
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>
          Preview: {NEWS_STATE_LABELS[state as keyof typeof NEWS_STATE_LABELS] ?? state}.
        </strong>{" "}
        {state === "scheduled" && publishedAt ? (
          <>
            Goes public on <LocalTime value={publishedAt} format="detail" />. Until then only staff
            who manage news see this page.
          </>
        ) : (
          "Only staff who manage news see this page until it is published."
        )}
      </p>
    </div>
  );
}

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { article, html, cover, preview, siteUrl } = loaderData;
  const url = `${siteUrl}/news/${article.slug}`;
  const structured = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    datePublished: article.date,
    dateModified: article.updatedAt,
    mainEntityOfPage: url,
    url,
    image: [cover ? new URL(cover.image.src, siteUrl).toString() : `${siteUrl}/og-image.png`],
    author: { "@type": "Organization", name: STUDIO.name, url: siteUrl },
    publisher: { "@type": "Organization", name: STUDIO.name, url: siteUrl },
    description: summarize(article.excerpt),
  };
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      {!preview && (
        <script
          type="application/ld+json"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped
          dangerouslySetInnerHTML={{ __html: jsonLd(structured) }}
        />
      )}
      {preview && <PreviewBanner state={article.state} publishedAt={article.publishedAt} />}
      <BackLink />
      <header className="mt-8 border-b pb-8">
        <LocalTime value={article.date} format="list" className="text-sm text-muted-foreground" />
        <h1 className="mt-2 text-4xl font-black leading-tight tracking-tight">{article.title}</h1>
      </header>
      {cover && (
        <ResponsiveImage
          image={cover.image}
          alt={cover.alt}
          priority
          sizes="(min-width: 48rem) 46rem, 100vw"
          className="mt-8 w-full rounded-xl border bg-muted object-cover"
        />
      )}
      <div
        className="markdown mt-8 text-lg leading-relaxed"
        data-testid="article-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by the Markdown renderer, which lets no raw HTML, script or unsafe link through (decision 050)
        dangerouslySetInnerHTML={{ __html: html }}
      />
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
