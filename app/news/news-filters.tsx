import { Link } from "react-router";
import { cn } from "~/platform/ui/cn";
import { Filter, Newspaper, X } from "~/platform/ui/icons";
import type { NewsFilter } from "./news-about";
import { NEWS_KIND_LABELS, NEWS_KINDS } from "./news-kinds";
import { newsListHref } from "./news-list-filter";

// The news list's filter bar (docs/product.md#news-list): plain links, so a filtered list has an
// address, works without JavaScript and can be shared; and what the list says when it is empty.

const CHIP =
  "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors";

/**
 * The kinds as chips (All, News, Devlog, …), each keeping the other filters and the search, and the
 * game or tag filter in force as a chip that removes it. `game` is the game's title (or the address
 * asked for, when no listed game has it).
 */
export function NewsFilterBar({
  filter,
  game,
  search,
}: {
  filter: NewsFilter;
  game?: string;
  search: string;
}) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-3" data-testid="news-filters">
      <nav aria-label="Kinds of post">
        <ul className="flex flex-wrap gap-2">
          {[undefined, ...NEWS_KINDS].map((each) => {
            const current = each === filter.kind;
            return (
              <li key={each ?? "all"}>
                <Link
                  to={newsListHref({ ...filter, kind: each }, search)}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    CHIP,
                    current
                      ? "border-primary bg-primary text-primary-foreground"
                      : "bg-background text-foreground hover:border-primary hover:text-primary",
                  )}
                >
                  {each ? NEWS_KIND_LABELS[each] : "All"}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {(filter.game || filter.tag) && (
        <ul aria-label="Filters in force" className="flex flex-wrap gap-2">
          {filter.game && (
            <RemovableChip to={newsListHref({ ...filter, game: undefined }, search)}>
              About {game ?? filter.game}
            </RemovableChip>
          )}
          {filter.tag && (
            <RemovableChip to={newsListHref({ ...filter, tag: undefined }, search)}>
              Tagged #{filter.tag}
            </RemovableChip>
          )}
        </ul>
      )}
    </div>
  );
}

function RemovableChip({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          CHIP,
          "border-primary/40 bg-accent text-accent-foreground hover:bg-accent/70",
        )}
      >
        <span className="sr-only">Remove the filter: </span>
        {children}
        <X aria-hidden="true" className="size-3.5" />
      </Link>
    </li>
  );
}

/**
 * An empty list's first page: 'No News Yet' when nothing is published, else what the filters found
 * nothing for, with the way back to the whole list.
 */
export function NoNews({ filtered, unknownGame }: { filtered: boolean; unknownGame?: string }) {
  if (!filtered) {
    return (
      <div className="mt-12 flex flex-col items-center rounded-xl border border-dashed p-14 text-center">
        <Newspaper aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="mt-4 text-xl font-semibold">No News Yet</h2>
        <p className="mt-2 text-muted-foreground">
          Our first update is on its way. Follow the studio to hear about it first.
        </p>
      </div>
    );
  }
  return (
    <div className="mt-12 flex flex-col items-center rounded-xl border border-dashed p-14 text-center">
      <Filter aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="mt-4 text-xl font-semibold">No matching posts</h2>
      <p className="mt-2 text-muted-foreground">
        {unknownGame
          ? `No game goes by “${unknownGame}”.`
          : "Nothing published matches these filters yet."}
      </p>
      <Link to="/news" className="mt-4 text-sm font-medium text-primary hover:underline">
        Show all news
      </Link>
    </div>
  );
}
