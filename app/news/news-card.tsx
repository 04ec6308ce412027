import { Link } from "react-router";
import { ResponsiveImage } from "~/media";
import { LocalTime } from "~/platform/dates/local-time";
import { Badge } from "~/platform/ui/badge";
import { Card, CardContent, CardFooter, CardHeader } from "~/platform/ui/card";
import { cn } from "~/platform/ui/cn";
import { ArrowRight, Gamepad2 } from "~/platform/ui/icons";
import { kindLabel, type NewsKind } from "./news-kinds";
import type { NewsGame, NewsSummary } from "./news-schema";

/** How wide a card's cover is shown in the news grids (one, two or three a row). */
const COVER_SIZES = "(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw";

/**
 * A page of a news list as cards (/news, a tag's page, a game's news): three columns on a wide
 * screen, the first card's cover loaded first.
 */
export function NewsCardGrid({ items }: { items: readonly NewsSummary[] }) {
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item, index) => (
        <li key={item.id}>
          <NewsCard item={item} headingLevel={2} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A news item as a card: its cover (16:9 whatever its file, when it has one), 'MMM d, yyyy' date and
 * kind, title, the games it is about, its excerpt clamped, Read More.
 */
export function NewsCard({
  item,
  headingLevel = 3,
  priority = false,
}: {
  item: NewsSummary;
  headingLevel?: 2 | 3;
  /** The first card of a page whose top it is: its cover is fetched at once. */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className="card-tile" data-testid="news-card">
      {item.cover && (
        <ResponsiveImage
          image={item.cover.image}
          alt={item.cover.alt}
          sizes={COVER_SIZES}
          priority={priority}
          className="aspect-video w-full bg-muted object-cover"
        />
      )}
      <CardHeader>
        <div className="meta-row">
          <LocalTime value={item.date} format="list" />
          <KindBadge kind={item.kind} version={item.version} />
        </div>
        {/* The card title's look on the list's heading level, without a Slot to merge them. */}
        <Heading className="card-title">{item.title}</Heading>
        <GameNames games={item.games} />
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-3 text-muted-foreground">{item.excerpt}</p>
      </CardContent>
      <CardFooter>
        <Link to={`/news/${item.slug}`} className="link-more">
          Read More
          <span className="sr-only">{`: ${item.title}`}</span>
          <ArrowRight aria-hidden="true" />
        </Link>
      </CardFooter>
    </Card>
  );
}

// Each kind its own colour, dark text on a light tint and light text on a dark one (the game
// status badges' pairs, which pass the contrast check in both themes).
const KIND_BADGE: Record<Exclude<NewsKind, "news">, string> = {
  devlog: "tone-violet",
  "patch-notes": "tone-sky",
  event: "tone-amber",
  launch: "tone-emerald",
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
    <div className="meta-line" data-testid="news-games">
      <Gamepad2 aria-hidden="true" />
      <span>
        <span className="sr-only">About </span>
        {games.map((game) => game.title).join(", ")}
      </span>
    </div>
  );
}
