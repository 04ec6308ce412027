import { Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetchers } from "react-router";
import { toast } from "sonner";
import { NEWS_LIMITS, NewsSchema } from "~/news/news-schema";
import { LocalTime } from "~/platform/dates/local-time";
import { parseForm } from "~/platform/forms/form-errors";
import { type AdminResult, useAdminFetcher } from "~/platform/forms/use-admin-fetcher";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Input, Textarea } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import type { NewsEntry } from "./news-schema";

const FORM_KEY = "news-form";

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

const FAILURE_TITLES = {
  "news-create": "Failed to add news",
  "news-update": "Failed to update news",
  "news-delete": "Failed to delete news",
} as const;

/**
 * A failed news write (docs/product.md#news-management-tab): the title names the operation; the
 * description is the server's reason when it refused the request (4xx: gone, too long, not
 * allowed), otherwise the advice to try again (decision 030).
 */
function newsFailureToast(result: {
  intent: string | null;
  status: number;
  error: string;
}): [title: string, description: string] {
  const deleting = result.intent === "news-delete";
  const title =
    FAILURE_TITLES[result.intent as keyof typeof FAILURE_TITLES] ?? FAILURE_TITLES["news-create"];
  const retry = deleting
    ? "Failed to delete news item. Please try again."
    : "Failed to save news item. Please try again.";
  const refused = result.status >= 400 && result.status < 500 && result.error;
  return [title, refused ? result.error : retry];
}

export function NewsTab({ news, loadError }: { news: NewsEntry[]; loadError: string | null }) {
  const [editing, setEditing] = useState<NewsEntry | null>(null);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const list = useOptimisticNews(news);

  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  function reset() {
    setEditing(null);
    setTitle("");
    setContent("");
  }

  const save = useAdminFetcher(FORM_KEY, (result: AdminResult) => {
    if (result.ok) {
      toast.success(
        result.intent === "news-create"
          ? "News item added successfully!"
          : "News item updated successfully!",
      );
      reset();
    } else {
      const [title, description] = newsFailureToast(result);
      toast.error(title, { description });
    }
  });
  const remove = useAdminFetcher("news-delete", (result: AdminResult) => {
    if (result.ok) toast.success("Deleted", { description: "News item has been deleted." });
    else {
      const [title, description] = newsFailureToast(result);
      toast.error(title, { description });
    }
  });
  const saving = save.state !== "idle";

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseForm(NewsSchema, { title, content });
    if (!parsed.success) {
      toast.error(Object.values(parsed.errors)[0] ?? "Please fill in all fields");
      return;
    }
    save.submit(
      { intent: editing ? "news-update" : "news-create", id: editing?.id ?? "", ...parsed.data },
      { method: "post" },
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">{editing ? "Edit News" : "Add News"}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="news-title">Title</Label>
              <Input
                id="news-title"
                value={title}
                maxLength={NEWS_LIMITS.title}
                onChange={(e) => setTitle(e.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="news-content">Content</Label>
              <Textarea
                id="news-content"
                rows={8}
                value={content}
                maxLength={NEWS_LIMITS.content}
                onChange={(e) => setContent(e.target.value)}
              />
              <p className="text-xs text-muted-foreground">Each line becomes a paragraph.</p>
            </div>
            <div className="flex gap-2">
              <Button type="submit" disabled={saving}>
                {editing ? "Update News" : "Add News"}
              </Button>
              <Button type="button" variant="outline" onClick={reset}>
                Cancel
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Manage News</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {list.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">No news items available</p>
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
                      onClick={() => {
                        setEditing(item);
                        setTitle(item.title);
                        setContent(item.content);
                      }}
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
        </CardContent>
      </Card>
    </div>
  );
}
