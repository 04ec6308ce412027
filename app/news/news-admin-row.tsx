import { Link } from "react-router";
import { NEWS_STATE_LABELS, type NewsEntry, type NewsState } from "~/news/news-schema";
import { StudioTime } from "~/platform/dates/local-time";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { ExternalLink, Pencil, Trash } from "~/platform/ui/icons";
import { kindLabel } from "./news-about";
import type { AboutGame } from "./news-about-fields";
import { reachOf } from "./news-editor-choices";
import { type NewsSend, SendProgressLine } from "./news-mailing";

// One row of 'Manage News' (docs/product.md#news-management-tab): the title, the state, the kind,
// the date, the games it is about, the mail's progress, and the edit and delete buttons.

const STATE_BADGE: Record<NewsState, string> = {
  published: "border-emerald-600/40 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300",
  scheduled: "border-sky-600/40 bg-sky-600/10 text-sky-800 dark:text-sky-300",
  draft: "border-border bg-muted text-muted-foreground",
};

/** An item's state as a small badge. */
export function NewsStateBadge({ state }: { state: NewsState }) {
  return <Badge className={STATE_BADGE[state]}>{NEWS_STATE_LABELS[state]}</Badge>;
}

/**
 * A published post that not every guest finds, said beside its games: staff who see 'Published'
 * would otherwise look for it on /news in vain.
 */
function ReachBadge({ item, games }: { item: NewsEntry; games: readonly AboutGame[] }) {
  if (item.state !== "published") return null;
  const reach = reachOf(games.filter((game) => item.games.some((one) => one.id === game.id)));
  if (reach === "listed") return null;
  return (
    // A span, not a Badge: the words may wrap on a phone.
    <span className="rounded-full border border-amber-500/50 px-2 py-0.5 text-xs font-medium text-amber-900 dark:text-amber-200">
      {reach === "hidden" ? "Hidden until its game is public" : "Unlisted: by its address only"}
    </span>
  );
}

export function NewsRow({
  item,
  games,
  send,
  onEdit,
  onDelete,
}: {
  item: NewsEntry;
  /** Every game, with its visibility. */
  games: readonly AboutGame[];
  send?: NewsSend;
  onEdit: () => void;
  onDelete: () => void;
}) {
  // An item still on its way to the server has no id to edit or delete yet.
  const pending = item.id.startsWith("temp-");
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">{item.title}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <NewsStateBadge state={item.state} />
          {/* Most posts are plain news: the badge marks the others, and a phone keeps one line. */}
          {item.kind !== "news" && (
            <Badge className="border border-border text-foreground" data-testid="news-kind">
              {kindLabel(item.kind, item.version)}
            </Badge>
          )}
          {item.state === "scheduled" && item.publishedAt ? (
            <StudioTime value={item.publishedAt} format="zoned" />
          ) : (
            <StudioTime value={item.date} format="list" />
          )}
          {item.slug && (
            <Link
              to={`/news/${item.slug}`}
              className="inline-flex items-center gap-1 text-primary hover:underline"
            >
              {item.state === "published" ? "View" : "Preview"}
              <span className="sr-only">: {item.title}</span>
              <ExternalLink aria-hidden="true" className="size-3" />
            </Link>
          )}
        </p>
        {item.games.length > 0 && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span data-testid="news-games" className="[overflow-wrap:anywhere]">
              About {item.games.map((game) => game.title).join(", ")}
            </span>
            <ReachBadge item={item} games={games} />
          </p>
        )}
        {send && <SendProgressLine send={send} />}
      </div>
      <div className="flex shrink-0 gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Edit ${item.title}`}
          disabled={pending}
          onClick={onEdit}
        >
          <Pencil aria-hidden="true" />
        </Button>
        <ConfirmDialog
          title="Are you sure you want to delete this news item?"
          description={item.title}
          onConfirm={onDelete}
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${item.title}`}
              disabled={pending}
            >
              <Trash aria-hidden="true" className="text-destructive" />
            </Button>
          }
        />
      </div>
    </li>
  );
}
