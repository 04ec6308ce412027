import { Gamepad2, Hash } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/platform/ui/badge";
import { cn } from "~/platform/ui/cn";
import { kindLabel, type NewsKind, tagPath } from "./news-about";
import type { NewsGame } from "./news-schema";

// What a post is about, as cards and articles show it (docs/product.md#news-about-games): its kind
// as a badge, the games it names, its tags.

// Each kind its own colour, dark text on a light tint and light text on a dark one (the game
// status badges' pairs, which pass the contrast check in both themes).
const KIND_BADGE: Record<Exclude<NewsKind, "news">, string> = {
  devlog: "bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100",
  "patch-notes": "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  event: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  launch: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
};

/**
 * A post's kind as a badge ("Patch notes 1.2.0"). Plain news has none: most posts are news, and a
 * badge on every card would say nothing.
 */
export function KindBadge({
  kind,
  version,
  className,
}: {
  kind: NewsKind;
  version: string | null;
  className?: string;
}) {
  if (kind === "news") return null;
  return (
    <Badge className={cn(KIND_BADGE[kind], className)} data-testid="news-kind">
      {kindLabel(kind, version)}
    </Badge>
  );
}

/** The games a card's post is about, by name (the card's one link is its Read More). */
export function GameNames({ games }: { games: NewsGame[] }) {
  if (games.length === 0) return null;
  return (
    <div
      className="flex items-start gap-1.5 text-sm text-muted-foreground"
      data-testid="news-games"
    >
      <Gamepad2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <span className="sr-only">About </span>
        {games.map((game) => game.title).join(", ")}
      </span>
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
    <nav aria-label="Tags" className="mt-10 flex flex-wrap items-center gap-2">
      <Hash aria-hidden="true" className="size-4 text-muted-foreground" />
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
