import { useEffect, useState } from "react";
import type { MediaImage } from "~/media";
import {
  DEFAULT_NEWS_STATE,
  NEWS_LIMITS,
  NEWS_STATE_LABELS,
  NEWS_STATES,
  type NewsEntry,
  NewsFormSchema,
  type NewsState,
} from "~/news/news-schema";
import { useStudioTimeZone } from "~/platform/dates/local-time";
import { instantToZonedInput } from "~/platform/dates/zoned-time";
import { EditorCard, useEditorForm } from "~/platform/forms/editor-card";
import { failedOnServer, failureMessage } from "~/platform/forms/fetcher-reply";
import { Field, SelectField, TextareaField } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { slugify } from "~/platform/seo/slug";
import { toast } from "~/platform/toast/notify";
import { DEFAULT_NEWS_KIND } from "./news-about";
import { AboutFields } from "./news-about-fields";
import { type AboutGame, firstMailChoice, offeredGames } from "./news-editor-choices";
import { CoverPicker, InsertImage, LivePreview, PublishAtField } from "./news-editor-parts";
import { MailingFieldset, type NewsMailing, useMailChoice } from "./news-mailing";

/** What the add form starts from, and what a save or Cancel returns it to. */
const ADD_DEFAULTS = {
  state: DEFAULT_NEWS_STATE,
  kind: DEFAULT_NEWS_KIND,
  games: [],
  mailLists: firstMailChoice(null).lists,
};

const gameIdsOf = (editing: NewsEntry | null) => editing?.games.map((game) => game.id) ?? [];

/**
 * A failed news write (docs/product.md#news-management-tab): the title names the operation; the
 * description is the server's reason when it refused the request (gone, too long, not allowed),
 * otherwise the advice to try again.
 */
export function toastNewsFailure(intent: FormDataEntryValue | null, reply: FormReply) {
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

/**
 * 'Add News' or, with an item, 'Edit News'; a successful save or Cancel returns to add mode with
 * every field at its default (docs/product.md#news-management-tab).
 */
export function NewsForm({
  editing,
  covers,
  games,
  mailing,
  onDone,
}: {
  editing: NewsEntry | null;
  covers: Record<string, MediaImage>;
  /** Every game, for About. */
  games: readonly AboutGame[];
  /** The newsletter lists and sends (staff who manage news; none: no fieldset). */
  mailing?: NewsMailing;
  onDone: () => void;
}) {
  const timeZone = useStudioTimeZone();
  const { fields, editor } = useEditorForm(NewsFormSchema, {
    key: "news-form",
    editing,
    // The add form's defaults too: a reset puts each field back to its default, and a select
    // without one would be left with no option chosen (a blank State). The ticks too, or a reset
    // would clear the games and lists the form's state holds ticked.
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
          kind: editing.kind,
          version: editing.version ?? undefined,
          tags: editing.tags.join(", "),
          games: gameIdsOf(editing),
          mailLists: firstMailChoice(editing).lists,
        }
      : ADD_DEFAULTS,
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
  const [state, setState] = useState<NewsState>(editing?.state ?? DEFAULT_NEWS_STATE);
  const [cover, setCover] = useState<{ id: string; image: MediaImage | null } | null>(
    editing?.coverImage
      ? { id: editing.coverImage, image: covers[editing.coverImage] ?? null }
      : null,
  );
  // The games ticked, and the mail lists that follow them.
  const [about, setAbout] = useState<string[]>(gameIdsOf(editing));
  const mail = useMailChoice(editing);
  // Each fresh start of the form draws About and the lists anew (a reset leaves ticks behind).
  const [round, setRound] = useState(0);
  const tickGame = (id: string, ticked: boolean) => {
    const others = about.filter((one) => one !== id);
    setAbout(ticked ? [...others, id] : others);
    mail.onGame(id, ticked, others.length + (ticked ? 1 : 0));
  };
  // Another item to edit, or none: they start from its values (the form's own fields do too). Not
  // when the lists reload after a write (new `covers`): that would undo what staff are typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of the edited item only
  useEffect(() => {
    setContent(editing?.content ?? "");
    setTitle(editing?.title ?? "");
    setState(editing?.state ?? DEFAULT_NEWS_STATE);
    setCover(
      editing?.coverImage
        ? { id: editing.coverImage, image: covers[editing.coverImage] ?? null }
        : null,
    );
    setAbout(gameIdsOf(editing));
    mail.reset(editing);
  }, [editing]);
  const done = () => {
    setContent("");
    setTitle("");
    setState(DEFAULT_NEWS_STATE);
    setCover(null);
    setAbout([]);
    mail.reset(null);
    setRound((n) => n + 1);
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
        <AboutFields
          key={`about-${round}`}
          fields={fields}
          games={offeredGames(games, editing)}
          about={about}
          onGame={tickGame}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            meta={fields.state}
            id="news-state"
            label="State"
            options={NEWS_STATES.map((value) => ({ value, label: NEWS_STATE_LABELS[value] }))}
          />
          {state === "scheduled" && (
            <PublishAtField meta={fields.publishAt} value={fields.publishAt.value ?? ""} />
          )}
        </div>
        {mailing && (
          <MailingFieldset
            key={`${editing?.id ?? "new"}-${round}`}
            mailing={mailing}
            editingId={editing?.id ?? null}
            savedLists={editing?.mailLists ?? []}
            choice={mail}
            errors={fields.mailLists.errors}
          />
        )}
      </div>
    </EditorCard>
  );
}
