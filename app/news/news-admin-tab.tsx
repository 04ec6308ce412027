import { useEffect, useState } from "react";
import { useFetchers } from "react-router";
import type { MediaImage } from "~/media";
import {
  DEFAULT_NEWS_STATE,
  NEWS_STATE_LABELS,
  NEWS_STATES,
  type NewsEntry,
  type NewsState,
} from "~/news/news-schema";
import { useFetcherReply } from "~/platform/forms/fetcher-reply";
import { Select } from "~/platform/forms/schema-form";
import type { CursorParams, Page } from "~/platform/paging/cursor";
import { ListSearch } from "~/platform/paging/list-search";
import { PageLinks } from "~/platform/paging/page-links";
import { toast } from "~/platform/toast/notify";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import {
  DEFAULT_NEWS_KIND,
  isNewsKind,
  NEWS_KIND_LABELS,
  NEWS_KINDS,
  type NewsKind,
} from "./news-about";
import type { AboutGame } from "./news-about-fields";
import { NewsRow } from "./news-admin-row";
import { NewsForm, toastNewsFailure } from "./news-form";
import type { NewsMailing } from "./news-mailing";

/** What a form on its way says the post is about: its kind, version and games. */
function aboutInForm(form: FormData, games: readonly AboutGame[]) {
  const kind = form.get("kind");
  const ids = form.getAll("games");
  return {
    kind: isNewsKind(kind) ? kind : DEFAULT_NEWS_KIND,
    version: kind === "patch-notes" ? String(form.get("version") ?? "") || null : null,
    games: games.filter((game) => ids.includes(game.id)),
  };
}

/**
 * The list as it will be: the server's list with the writes still on their way applied
 * (docs/product.md#news-management-tab).
 */
function useOptimisticNews(news: NewsEntry[], games: readonly AboutGame[]): NewsEntry[] {
  const fetchers = useFetchers();
  let list = news;
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    const intent = form?.get("intent");
    if (!form || typeof intent !== "string" || !intent.startsWith("news-")) continue;
    const id = String(form.get("id") ?? "");
    const title = String(form.get("title") ?? "");
    const content = String(form.get("content") ?? "");
    const about = aboutInForm(form, games);
    const named = about.games.map(({ id, slug, title }) => ({ id, slug, title }));
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
          games: named,
          kind: about.kind,
          version: about.version,
          tags: [],
        },
        ...list,
      ];
    } else if (intent === "news-update") {
      list = list.map((item) =>
        item.id === id ? { ...item, title, content, ...about, games: named } : item,
      );
    } else if (intent === "news-delete") {
      list = list.filter((item) => item.id !== id);
    }
  }
  return list;
}

const filterClass =
  "block h-10 w-auto min-w-0 max-w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

export function NewsTab({
  news,
  loadError,
  page,
  search,
  state,
  filter,
  covers,
  games,
  mailing,
  params,
}: {
  news: NewsEntry[];
  loadError: string | null;
  page: Pick<Page<NewsEntry>, "newer" | "older">;
  search: string;
  /** The list's state filter, if any. */
  state: NewsState | null;
  /** The list's kind and game filters (the game by its slug), if any. */
  filter: { kind: NewsKind | null; game: string | null };
  covers: Record<string, MediaImage>;
  /** Every game, for the editor's About and the list's game filter. */
  games: readonly AboutGame[];
  /** The newsletter's lists and each listed post's send. */
  mailing?: NewsMailing;
  params: CursorParams;
}) {
  const [editing, setEditing] = useState<NewsEntry | null>(null);
  const list = useOptimisticNews(news, games);

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
        games={games}
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
              className={filterClass}
              options={[
                { value: "", label: "All states" },
                ...NEWS_STATES.map((value) => ({ value, label: NEWS_STATE_LABELS[value] })),
              ]}
            />
            <label htmlFor="news-kind-filter" className="sr-only">
              Show news items of this kind
            </label>
            <Select
              id="news-kind-filter"
              name="nkind"
              defaultValue={filter.kind ?? ""}
              key={`kind-${filter.kind ?? ""}`}
              className={filterClass}
              options={[
                { value: "", label: "All kinds" },
                ...NEWS_KINDS.map((value) => ({ value, label: NEWS_KIND_LABELS[value] })),
              ]}
            />
            {games.length > 0 && (
              <>
                <label htmlFor="news-game-filter" className="sr-only">
                  Show news items about this game
                </label>
                <Select
                  id="news-game-filter"
                  name="ngame"
                  defaultValue={filter.game ?? ""}
                  key={`game-${filter.game ?? ""}`}
                  className={filterClass}
                  options={[
                    { value: "", label: "All games" },
                    ...games.map((game) => ({ value: game.slug, label: game.title })),
                  ]}
                />
              </>
            )}
          </ListSearch>
          {list.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">
              {search ? "No news items match this search" : "No news items available"}
            </p>
          ) : (
            <ul className="divide-y" data-testid="manage-news">
              {list.map((item) => (
                <NewsRow
                  key={item.id}
                  item={item}
                  games={games}
                  send={mailing?.sends[item.id]}
                  onEdit={() => setEditing(item)}
                  onDelete={() =>
                    remove.submit({ intent: "news-delete", id: item.id }, { method: "post" })
                  }
                />
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
