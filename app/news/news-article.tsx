import { Link } from "react-router";
import { imageSrc, largestSource, type MediaImage, ResponsiveImage } from "~/media";
import { LocalTime } from "~/platform/dates/local-time";
import { Eye, Gamepad2 } from "~/platform/ui/icons";
import { KindBadge } from "./news-card";
import { summarize } from "./news-format";
import { kindLabel, tagPath } from "./news-kinds";
import type { NewsEntry, NewsGame } from "./news-schema";
import { NEWS_STATE_LABELS } from "./news-states";

// An article page's parts: what staff see above an item guests cannot see yet, the header (kind,
// games), cover, body and tags, and the item as schema.org's NewsArticle.

export type ArticleCover = { image: MediaImage; alt: string };

/** The cover as link previews show it: its largest stored width. */
export const coverPreview = ({ image, alt }: ArticleCover) => ({ ...largestSource(image), alt });

/**
 * What staff see above an item guests cannot see yet: one not public yet, or a published one about
 * a game that is not announced (docs/product.md#news-detail).
 */
function PreviewBanner({ article }: { article: Pick<NewsEntry, "state" | "publishedAt"> }) {
  return (
    <div
      role="status"
      className="mb-8 flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm"
    >
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>Preview: {NEWS_STATE_LABELS[article.state]}.</strong>{" "}
        {article.state === "published" ? (
          "It is about a game guests cannot see yet: only staff who manage news see this page until the game is announced."
        ) : article.state === "scheduled" && article.publishedAt ? (
          <>
            Goes public on <LocalTime value={article.publishedAt} format="detail" />. Until then
            only staff who manage news see this page.
          </>
        ) : (
          "Only staff who manage news see this page until it is published."
        )}
      </p>
    </div>
  );
}

/** The games an article is about, each a link to its page. */
export function GameLinks({ games }: { games: NewsGame[] }) {
  if (games.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="news-games">
      <Gamepad2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="text-muted-foreground">About</span>
      <ul className="contents">
        {games.map((game, index) => (
          <li key={game.id}>
            <Link to={`/games/${game.slug}`} className="font-medium text-primary hover:underline">
              {game.title}
            </Link>
            {index < games.length - 1 && <span className="text-muted-foreground">,</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An article's tags, each a link to its tag page. */
export function TagLinks({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <nav aria-label="Tags" className="mt-10">
      <ul className="flex flex-wrap gap-2">
        {tags.map((tag) => (
          <li key={tag}>
            <Link
              to={tagPath(tag)}
              className="inline-flex rounded-full border px-3 py-1 text-sm font-medium text-foreground hover:border-primary hover:text-primary"
            >
              #{tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The article itself: date and kind, title, the games it is about, cover, the HTML the server's
 * renderer made, and its tags.
 */
export function NewsArticleBody({
  article,
  html,
  cover,
  preview,
  backLink,
}: {
  article: NewsEntry;
  html: string;
  cover: ArticleCover | null;
  preview: boolean;
  backLink: React.ReactNode;
}) {
  return (
    <>
      {preview && <PreviewBanner article={article} />}
      {backLink}
      <header className="mt-8 border-b pb-8">
        <div className="meta-row">
          <LocalTime value={article.date} format="list" />
          <KindBadge kind={article.kind} version={article.version} />
        </div>
        <h1 className="mt-2 text-4xl font-black leading-tight tracking-tight">{article.title}</h1>
        {article.games.length > 0 && (
          <div className="mt-4">
            <GameLinks games={article.games} />
          </div>
        )}
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
        // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by the Markdown renderer, which lets no raw HTML, script or unsafe link through
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <TagLinks tags={article.tags} />
    </>
  );
}

/**
 * The item as schema.org's NewsArticle, with absolute addresses: `about` the games it names (each a
 * VideoGame at its page), its kind as the section and its tags as keywords.
 */
export function newsStructuredData(
  article: NewsEntry,
  cover: ArticleCover | null,
  siteUrl: string,
  /** The studio's name (its site settings): the article's author and publisher. */
  studioName: string,
) {
  const url = `${siteUrl}/news/${article.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    datePublished: article.date,
    dateModified: article.updatedAt,
    mainEntityOfPage: url,
    url,
    image: [cover ? new URL(imageSrc(cover.image), siteUrl).toString() : `${siteUrl}/og-image.png`],
    author: { "@type": "Organization", name: studioName, url: siteUrl },
    publisher: { "@type": "Organization", name: studioName, url: siteUrl },
    description: summarize(article.excerpt),
    articleSection: kindLabel(article.kind, article.version),
    ...(article.games.length > 0
      ? {
          about: article.games.map((game) => ({
            "@type": "VideoGame",
            name: game.title,
            url: `${siteUrl}/games/${game.slug}`,
          })),
        }
      : {}),
    ...(article.tags.length > 0 ? { keywords: article.tags } : {}),
  };
}
