import { Link } from "react-router";
import { Newspaper } from "~/platform/ui/icons";
import { NewsCard } from "./news-card";
import type { NewsSummary } from "./news-schema";

/** Home shows the 3 newest news items (docs/product.md#home). */
export const LATEST_NEWS_COUNT = 3;

/** Home's 'Latest News' section, or 'No news available yet. Check back soon!'. */
export function LatestNews({ items }: { items: NewsSummary[] }) {
  return (
    <section aria-labelledby="latest-news-heading" className="border-y bg-muted/40">
      <div className="page-width py-20">
        <div className="section-head">
          <h2 id="latest-news-heading" className="section-title">
            Latest News
          </h2>
          <Link to="/news" className="link-more">
            <Newspaper aria-hidden="true" />
            All news
          </Link>
        </div>
        {items.length === 0 ? (
          <p className="mt-10 rounded-xl border border-dashed p-10 text-center text-muted-foreground">
            No news available yet. Check back soon!
          </p>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {items.map((item) => (
              <li key={item.id}>
                <NewsCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
