import { Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetchers } from "react-router";
import { NEWS_LIMITS, NewsSchema } from "~/news/news-schema";
import { LocalTime } from "~/platform/dates/local-time";
import { EditorCard, useEditorForm } from "~/platform/forms/editor-card";
import { failedOnServer, failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { Field, TextareaField } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import type { CursorParams, Page } from "~/platform/paging/cursor";
import { ListSearch } from "~/platform/paging/list-search";
import { PageLinks } from "~/platform/paging/page-links";
import { toast } from "~/platform/toast/notify";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import type { NewsEntry } from "./news-schema";

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

/**
 * A failed news write (docs/product.md#news-management-tab): the title names the operation; the
 * description is the server's reason when it refused the request (gone, too long, not allowed),
 * otherwise the advice to try again.
 */
function toastNewsFailure(intent: FormDataEntryValue | null, reply: FormReply) {
  const deleting = intent === "news-delete";
  const title = deleting
    ? "Failed to delete news"
    : intent === "news-update"
      ? "Failed to update news"
      : "Failed to add news";
  const retry = deleting
    ? "Failed to delete news item. Please try again."
    : "Failed to save news item. Please try again.";
  const reason = failedOnServer(reply) ? undefined : failureMessage(reply);
  toast.error(title, { description: reason ?? retry });
}

/** 'Add News' or, with an item, 'Edit News'; a successful save empties it and leaves edit mode. */
function NewsForm({ editing, onDone }: { editing: NewsEntry | null; onDone: () => void }) {
  const { fields, editor } = useEditorForm(NewsSchema, {
    key: "news-form",
    editing,
    defaultValue: editing ? { title: editing.title, content: editing.content } : undefined,
    onReply: (reply, sent) => {
      const intent = sent.get("intent");
      if (reply.status !== "success") return toastNewsFailure(intent, reply);
      toast.success(
        intent === "news-create"
          ? "News item added successfully!"
          : "News item updated successfully!",
      );
      onDone();
    },
  });
  return (
    <EditorCard
      {...editor}
      title={editing ? "Edit News" : "Add News"}
      intent={editing ? "news-update" : "news-create"}
      submitLabel={editing ? "Update News" : "Add News"}
      onCancel={onDone}
    >
      <Field meta={fields.title} id="news-title" label="Title" maxLength={NEWS_LIMITS.title} />
      <TextareaField
        meta={fields.content}
        id="news-content"
        label="Content"
        rows={8}
        maxLength={NEWS_LIMITS.content}
        hint="Each line becomes a paragraph."
      />
    </EditorCard>
  );
}

export function NewsTab({
  news,
  loadError,
  page,
  search,
  params,
}: {
  news: NewsEntry[];
  loadError: string | null;
  page: Pick<Page<NewsEntry>, "newer" | "older">;
  search: string;
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
      <NewsForm editing={editing} onDone={() => setEditing(null)} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Manage News</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ListSearch name="nq" label="Search news items" value={search} keep={{ tab: "news" }} />
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
                    <p className="text-sm text-muted-foreground">
                      <LocalTime value={item.date} format="list" />
                    </p>
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
            extra={{ tab: "news" }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
