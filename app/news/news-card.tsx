import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { LocalTime } from "~/platform/dates/local-time";
import { Card, CardContent, CardFooter, CardHeader } from "~/platform/ui/card";
import type { NewsSummary } from "./news-schema";

/** A news item as a card: title, 'MMM d, yyyy' date, its excerpt clamped, Read More. */
export function NewsCard({ item, headingLevel = 3 }: { item: NewsSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card
      className="flex h-full flex-col transition-shadow hover:shadow-md"
      data-testid="news-card"
    >
      <CardHeader>
        <LocalTime value={item.date} format="list" className="text-sm text-muted-foreground" />
        {/* The card title's look on the list's heading level, without a Slot to merge them. */}
        <Heading className="text-xl font-semibold leading-tight">{item.title}</Heading>
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
