import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/media";
import { LocalTime } from "~/platform/dates/local-time";
import { Card, CardContent, CardFooter, CardHeader } from "~/platform/ui/card";
import { GameNames, KindBadge } from "./news-badges";
import type { NewsSummary } from "./news-schema";

/** How wide a card's cover is shown in the news grids (one, two or three a row). */
const COVER_SIZES = "(min-width: 64rem) 22rem, (min-width: 40rem) 50vw, 100vw";

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
    <Card
      className="flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md"
      data-testid="news-card"
    >
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
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <LocalTime value={item.date} format="list" className="text-sm text-muted-foreground" />
          <KindBadge kind={item.kind} version={item.version} />
        </div>
        {/* The card title's look on the list's heading level, without a Slot to merge them. */}
        <Heading className="text-xl font-semibold leading-tight">{item.title}</Heading>
        <GameNames games={item.games} />
      </CardHeader>
      <CardContent className="flex-1">
        <p className="line-clamp-3 text-muted-foreground">{item.excerpt}</p>
      </CardContent>
      <CardFooter>
        <Link
          to={`/news/${item.slug}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          Read More
          <span className="sr-only">: {item.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardFooter>
    </Card>
  );
}
