import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetchers } from "react-router";
import type { MediaImage } from "~/media";
import {
  DEFAULT_NEWS_STATE,
  NEWS_STATE_LABELS,
  NEWS_STATES,
  type NewsEntry,
  type NewsState,
} from "~/news/news-schema";
import { StudioTime } from "~/platform/dates/local-time";
import { useFetcherReply } from "~/platform/forms/fetcher-reply";
import { Select } from "~/platform/forms/schema-form";
import type { CursorParams, Page } from "~/platform/paging/cursor";
import { ListSearch } from "~/platform/paging/list-search";
import { PageLinks } from "~/platform/paging/page-links";
import { toast } from "~/platform/toast/notify";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { NewsForm, toastNewsFailure } from "./news-form";
import { type NewsMailing, SendProgressLine } from "./news-mailing";

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
 * The list as it will be: the server's list with the writes still on their way applied
 * (docs/product.md#news-management-tab).
 */
function useOptimisticNews(news: NewsEntry[]): NewsEntry[] {
  const fetchers = useFetchers();
  let list = news;
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    const intent = form?.get("intent");
    if (!form || typeof intent !== "string" || !intent.startsWith("news-")) continue;
    const id = String(form.get("id") ?? "");
    const title = String(form.get("title") ?? "");
    const content = String(form.get("content") ?? "");
    if (intent === "news-create") {
      list = [
        {
          id: `temp-${fetcher.key}`,
          title,
          content,
          date: new Date().toISOString(),
          updatedAt: "",
          slug: "",
          excerpt: "",
          format: "markdown",
          state: NEWS_STATES.find((state) => state === form.get("state")) ?? DEFAULT_NEWS_STATE,
          publishedAt: null,
          coverImage: null,
          coverAlt: null,
          games: [],
          kind: "news",
          version: null,
          tags: [],
        },
        ...list,
      ];
    } else if (intent === "news-update") {
      list = list.map((item) => (item.id === id ? { ...item, title, content } : item));
    } else if (intent === "news-delete") {
      list = list.filter((item) => item.id !== id);
    }
  }
  return list;
}

export function NewsTab({
  news,
  loadError,
  page,
  search,
  state,
  covers,
  mailing,
  params,
}: {
  news: NewsEntry[];
  loadError: string | null;
  page: Pick<Page<NewsEntry>, "newer" | "older">;
  search: string;
  /** The list's state filter, if any. */
  state: NewsState | null;
  covers: Record<string, MediaImage>;
  /** The newsletter's lists and each listed post's send. */
  mailing?: NewsMailing;
  params: CursorParams;
}) {
  const [editing, setEditing] = useState<NewsEntry | null>(null);
  const list = useOptimisticNews(news);

  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  const remove = useFetcherReply("news-delete", (reply) => {
    if (reply.status === "success")
      toast.success("Deleted", { description: "News item has been deleted." });
    else toastNewsFailure("news-delete", reply);
  });

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <NewsForm
        editing={editing}
        covers={covers}
        mailing={mailing}
        onDone={() => setEditing(null)}
      />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Manage News</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ListSearch name="nq" label="Search news items" value={search}>
            <label htmlFor="news-state-filter" className="sr-only">
              Show news items in this state
            </label>
            <Select
              id="news-state-filter"
              name="nstate"
              defaultValue={state ?? ""}
              key={state ?? ""}
              className="block h-10 w-auto rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
              options={[
                { value: "", label: "All states" },
                ...NEWS_STATES.map((value) => ({ value, label: NEWS_STATE_LABELS[value] })),
              ]}
            />
          </ListSearch>
          {list.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">
              {search ? "No news items match this search" : "No news items available"}
            </p>
          ) : (
            <ul className="divide-y" data-testid="manage-news">
              {list.map((item) => (
                <li key={item.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium">{item.title}</p>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                      <NewsStateBadge state={item.state} />
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
                    {mailing?.sends[item.id] && <SendProgressLine send={mailing.sends[item.id]!} />}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${item.title}`}
                      disabled={item.id.startsWith("temp-")}
                      onClick={() => setEditing(item)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <ConfirmDialog
                      title="Are you sure you want to delete this news item?"
                      description={item.title}
                      onConfirm={() =>
                        remove.submit({ intent: "news-delete", id: item.id }, { method: "post" })
                      }
                      trigger={
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${item.title}`}
                          disabled={item.id.startsWith("temp-")}
                        >
                          <Trash2 aria-hidden="true" className="text-destructive" />
                        </Button>
                      }
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <PageLinks
            page={page}
            label="News item pages"
            newerText="Newer"
            olderText="Older"
            params={params}
          />
        </CardContent>
      </Card>
    </div>
  );
}
