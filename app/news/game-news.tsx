import { Link } from "react-router";
import { LocalTime } from "~/platform/dates/local-time";
import { cn } from "~/platform/ui/cn";
import { Newspaper, Wrench } from "~/platform/ui/icons";
import { NewsCard } from "./news-card";
import { NEWS_KIND_LABELS, type NewsKind } from "./news-kinds";
import type { NewsSummary } from "./news-schema";

// A game's news on its pages (docs/product.md#a-games-news): the game page's "News" and "Patch
// notes" sections, and the kind filter of its own news page. The games feature does not know the
// news: the route hands these the posts it read.

/** A patch note as the game page lists it. */
export type PatchNote = { slug: string; title: string; version: string; date: string };

/** A game's news page and its feed. */
export const gameNewsPath = (slug: string) => `/games/${slug}/news`;
export const gameFeedPath = (slug: string) => `/games/${slug}/feed.xml`;

/** The head link that lets readers find a game's feed, on its page and its news page. */
export const gameFeedLink = (game: { title: string; slug: string }) => ({
  tagName: "link",
  rel: "alternate",
  type: "application/rss+xml",
  title: `${game.title} news`,
  href: gameFeedPath(game.slug),
});

/**
 * The game page's newest posts as cards with 'All news about <game>', and its newest patch notes
 * (version, title, date); nothing when no post is about the game.
 */
export function GameNews({
  game,
  items,
  patchNotes,
}: {
  game: { title: string; slug: string };
  items: NewsSummary[];
  patchNotes: PatchNote[];
}) {
  if (items.length === 0) return null;
  return (
    <>
      <section aria-labelledby="game-news" className="mt-12" data-testid="game-news">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
          <h2 id="game-news" className="text-2xl font-bold tracking-tight">
            News
          </h2>
          <Link to={gameNewsPath(game.slug)} className="link-more">
            <Newspaper aria-hidden="true" />
            All news about {game.title}
          </Link>
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <NewsCard item={item} />
            </li>
          ))}
        </ul>
      </section>
      {patchNotes.length > 0 && (
        <section
          aria-labelledby="game-patch-notes"
          className="mt-12"
          data-testid="game-patch-notes"
        >
          <h2 id="game-patch-notes" className="mb-4 text-2xl font-bold tracking-tight">
            Patch notes
          </h2>
          <ul className="max-w-3xl divide-y rounded-xl border">
            {patchNotes.map((note) => (
              <li key={note.slug} className="flex gap-3 px-4 py-3">
                <Wrench aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary" />
                {/* On a phone the date goes under the version, in line with the text. */}
                <div className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <Link
                    to={`/news/${note.slug}`}
                    className="group flex min-w-0 items-baseline gap-3 hover:underline"
                  >
                    <span className="shrink-0 font-mono font-semibold">{note.version}</span>
                    <span className="min-w-0 break-words text-muted-foreground group-hover:text-foreground">
                      {note.title}
                    </span>
                  </Link>
                  <LocalTime
                    value={note.date}
                    format="list"
                    className="shrink-0 text-sm text-muted-foreground"
                  />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * The kinds a game's news page can narrow to, as links ('All' first); shown when its posts are of
 * more than one kind. The list's cursor is dropped: a kind's list starts at its newest post.
 */
export function GameNewsKinds({
  slug,
  kinds,
  current,
}: {
  slug: string;
  kinds: NewsKind[];
  current: NewsKind | undefined;
}) {
  if (kinds.length < 2) return null;
  const chips: { kind: NewsKind | undefined; label: string }[] = [
    { kind: undefined, label: "All" },
    ...kinds.map((kind) => ({ kind, label: NEWS_KIND_LABELS[kind] })),
  ];
  return (
    <nav aria-label="Kinds of posts" className="mt-8">
      <ul className="flex flex-wrap gap-2">
        {chips.map(({ kind, label }) => {
          const active = kind === current;
          return (
            <li key={label}>
              <Link
                to={kind ? `${gameNewsPath(slug)}?kind=${kind}` : gameNewsPath(slug)}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex rounded-full border px-3 py-1 text-sm font-medium transition-colors",
                  active
                    ? "border-primary bg-primary text-primary-foreground"
                    : "hover:bg-accent hover:text-accent-foreground",
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
