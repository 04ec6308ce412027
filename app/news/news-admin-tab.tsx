import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetchers } from "react-router";
import type { MediaImage } from "~/media";
import {
  NEWS_LIMITS,
  NEWS_STATE_LABELS,
  NEWS_STATES,
  NewsSchema,
  type NewsState,
} from "~/news/news-schema";
import { LocalTime, useStudioTimeZone } from "~/platform/dates/local-time";
import { instantToZonedInput } from "~/platform/dates/zoned-time";
import { EditorCard, useEditorForm } from "~/platform/forms/editor-card";
import { failedOnServer, failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import { Field, Select, SelectField, TextareaField } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import type { CursorParams, Page } from "~/platform/paging/cursor";
import { ListSearch } from "~/platform/paging/list-search";
import { PageLinks } from "~/platform/paging/page-links";
import { slugify } from "~/platform/seo/slug";
import { toast } from "~/platform/toast/notify";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { CoverPicker, InsertImage, LivePreview } from "./news-editor-parts";
import type { NewsEntry } from "./news-schema";

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
          state: NEWS_STATES.find((state) => state === form.get("state")) ?? "published",
          publishedAt: null,
          coverImage: null,
          coverAlt: null,
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
function NewsForm({
  editing,
  covers,
  onDone,
}: {
  editing: NewsEntry | null;
  covers: Record<string, MediaImage>;
  onDone: () => void;
}) {
  const timeZone = useStudioTimeZone();
  const { fields, editor } = useEditorForm(NewsSchema, {
    key: "news-form",
    editing,
    defaultValue: editing
      ? {
          title: editing.title,
          content: editing.content,
          slug: editing.slug,
          state: editing.state,
          publishAt: editing.publishedAt
            ? instantToZonedInput(editing.publishedAt, timeZone)
            : undefined,
          coverImage: editing.coverImage ?? undefined,
          coverAlt: editing.coverAlt ?? undefined,
        }
      : undefined,
    onReply: (reply, sent) => {
      const intent = sent.get("intent");
      if (reply.status !== "success") return toastNewsFailure(intent, reply);
      toast.success(
        intent === "news-create"
          ? "News item added successfully!"
          : "News item updated successfully!",
      );
      done();
    },
  });
  // What the preview, the address hint and the schedule field follow as staff type.
  const [content, setContent] = useState(editing?.content ?? "");
  const [title, setTitle] = useState(editing?.title ?? "");
  const [state, setState] = useState<NewsState>(editing?.state ?? "published");
  const [cover, setCover] = useState<{ id: string; image: MediaImage | null } | null>(
    editing?.coverImage
      ? { id: editing.coverImage, image: covers[editing.coverImage] ?? null }
      : null,
  );
  // Another item to edit, or none: they start from its values (the form's own fields do too). Not
  // when the lists reload after a write (new `covers`): that would undo what staff are typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of the edited item only
  useEffect(() => {
    setContent(editing?.content ?? "");
    setTitle(editing?.title ?? "");
    setState(editing?.state ?? "published");
    setCover(
      editing?.coverImage
        ? { id: editing.coverImage, image: covers[editing.coverImage] ?? null }
        : null,
    );
  }, [editing]);
  const done = () => {
    setContent("");
    setTitle("");
    setState("published");
    setCover(null);
    onDone();
  };
  const format = editing?.format ?? "markdown";
  return (
    <EditorCard
      {...editor}
      title={editing ? "Edit News" : "Add News"}
      intent={editing ? "news-update" : "news-create"}
      submitLabel={editing ? "Update News" : "Add News"}
      onCancel={done}
    >
      <div
        className="space-y-4"
        onInput={(event) => {
          const target = event.target;
          if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement))
            return;
          if (target.name === fields.content.name) setContent(target.value);
          if (target.name === fields.title.name) setTitle(target.value);
        }}
        onChange={(event) => {
          const target = event.target;
          if (target instanceof HTMLSelectElement && target.name === fields.state.name)
            setState(target.value as NewsState);
        }}
      >
        <Field meta={fields.title} id="news-title" label="Title" maxLength={NEWS_LIMITS.title} />
        <Field
          meta={fields.slug}
          id="news-slug"
          label="Address"
          placeholder={slugify(title, "made-from-the-title")}
          hint={
            editing
              ? `/news/${fields.slug.value || editing.slug}: change it only if you must, old links stop working.`
              : `/news/${fields.slug.value || slugify(title, "…")}: empty makes it from the title.`
          }
          autoComplete="off"
          spellCheck={false}
        />
        <TextareaField
          meta={fields.content}
          id="news-content"
          label="Content"
          rows={10}
          maxLength={NEWS_LIMITS.content}
          hint={
            format === "text"
              ? "Written before Markdown: each line becomes a paragraph."
              : "Markdown: # headings, **bold**, _italic_, [links](https://…), lists, tables, ~~strikethrough~~."
          }
        />
        {format === "markdown" && <InsertImage textareaId="news-content" />}
        <LivePreview content={content} format={format} />
        <div className="space-y-2">
          <p className="text-sm font-medium">Cover image</p>
          <CoverPicker
            name={fields.coverImage.name}
            value={cover?.id ?? ""}
            image={cover?.image ?? null}
            onChange={setCover}
          />
          {cover && (
            <Field
              meta={fields.coverAlt}
              id="news-cover-alt"
              label="Cover alt text"
              maxLength={NEWS_LIMITS.alt}
              hint="What the cover shows, for readers who cannot see it."
            />
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            meta={fields.state}
            id="news-state"
            label="State"
            options={NEWS_STATES.map((value) => ({ value, label: NEWS_STATE_LABELS[value] }))}
          />
          {state === "scheduled" && (
            <Field
              meta={fields.publishAt}
              id="news-publish-at"
              label="Publish at"
              type="datetime-local"
              step={1}
              hint={`In the studio's time zone (${timeZone}).`}
            />
          )}
        </div>
      </div>
    </EditorCard>
  );
}

export function NewsTab({
  news,
  loadError,
  page,
  search,
  state,
  covers,
  params,
}: {
  news: NewsEntry[];
  loadError: string | null;
  page: Pick<Page<NewsEntry>, "newer" | "older">;
  search: string;
  /** The list's state filter, if any. */
  state: NewsState | null;
  covers: Record<string, MediaImage>;
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
      <NewsForm editing={editing} covers={covers} onDone={() => setEditing(null)} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Manage News</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ListSearch name="nq" label="Search news items" value={search} keep={{ tab: "news" }}>
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
                        <LocalTime value={item.publishedAt} format="detail" />
                      ) : (
                        <LocalTime value={item.date} format="list" />
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
