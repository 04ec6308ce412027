import { useEffect, useState } from "react";
import { InsertImage, LivePreview } from "~/news";
import { EditorCard, useEditorForm } from "~/platform/forms/editor-card";
import { failedOnServer, failureMessage } from "~/platform/forms/fetcher-reply";
import { Field, SelectField, TextareaField } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { slugify } from "~/platform/seo/slug";
import { toast } from "~/platform/toast/notify";
import {
  PAGE_LIMITS,
  PAGE_PLACEMENT_LABELS,
  PAGE_PLACEMENTS,
  PAGE_STATE_LABELS,
  PAGE_STATES,
  type PageEntry,
  PageSchema,
} from "./page-schema";

/** A failed page write: the title names the operation, the description the server's reason. */
export function toastPageFailure(intent: FormDataEntryValue | null, reply: FormReply) {
  const title =
    intent === "page-delete"
      ? "Failed to delete page"
      : intent === "page-update"
        ? "Failed to update page"
        : "Failed to add page";
  const reason = failedOnServer(reply) ? undefined : failureMessage(reply);
  toast.error(title, { description: reason ?? "Failed to save the page. Please try again." });
}

const ADD_DEFAULTS = { state: "draft", placement: "none" } as const;

/** 'Add Page' or, with a page, 'Edit Page'; a save or Cancel returns to an empty add form. */
export function PageForm({ editing, onDone }: { editing: PageEntry | null; onDone: () => void }) {
  const { fields, editor } = useEditorForm(PageSchema, {
    key: "page-form",
    editing,
    defaultValue: editing
      ? {
          title: editing.title,
          content: editing.content,
          slug: editing.slug,
          state: editing.state,
          placement: editing.placement,
        }
      : ADD_DEFAULTS,
    onReply: (reply, sent) => {
      const intent = sent.get("intent");
      if (reply.status !== "success") return toastPageFailure(intent, reply);
      toast.success(intent === "page-create" ? "Page added" : "Page updated");
      done();
    },
  });
  const [content, setContent] = useState(editing?.content ?? "");
  const [title, setTitle] = useState(editing?.title ?? "");
  useEffect(() => {
    setContent(editing?.content ?? "");
    setTitle(editing?.title ?? "");
  }, [editing]);
  const done = () => {
    setContent("");
    setTitle("");
    onDone();
  };
  const address = fields.slug.value || editing?.slug || slugify(title, "…");
  return (
    <EditorCard
      {...editor}
      title={editing ? "Edit Page" : "Add Page"}
      intent={editing ? "page-update" : "page-create"}
      submitLabel={editing ? "Update Page" : "Add Page"}
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
      >
        <Field meta={fields.title} id="page-title" label="Title" maxLength={PAGE_LIMITS.title} />
        <Field
          meta={fields.slug}
          id="page-slug"
          label="Address"
          placeholder={slugify(title, "made-from-the-title")}
          hint={
            editing
              ? `/${address}: change it only if you must, old links stop working.`
              : `/${address}: empty makes it from the title. The site's own addresses (/news, /admin…) cannot be taken.`
          }
          autoComplete="off"
          spellCheck={false}
        />
        <TextareaField
          meta={fields.content}
          id="page-content"
          label="Content"
          rows={12}
          maxLength={PAGE_LIMITS.content}
          hint="Markdown: ## headings, **bold**, _italic_, [links](https://…), lists, tables."
        />
        <InsertImage textareaId="page-content" />
        <LivePreview content={content} format="markdown" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            meta={fields.state}
            id="page-state"
            label="State"
            options={PAGE_STATES.map((value) => ({ value, label: PAGE_STATE_LABELS[value] }))}
          />
          <SelectField
            meta={fields.placement}
            id="page-placement"
            label="Navigation"
            hint="Where a new page shows. Once the site's navigation is arranged (Site Settings), it decides for the pages it lists."
            options={PAGE_PLACEMENTS.map((value) => ({
              value,
              label: PAGE_PLACEMENT_LABELS[value],
            }))}
          />
        </div>
      </div>
    </EditorCard>
  );
}
