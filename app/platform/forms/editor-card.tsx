import type * as React from "react";
import type { FetcherWithComponents } from "react-router";
import type { z } from "zod";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { useFetcherReply } from "./fetcher-reply";
import { useSchemaForm } from "./schema-form";
import type { FormReply } from "./submission.server";

// An add-or-edit form in its card, posted through a fetcher: the admin tabs' news and game forms
// (docs/product.md#news-management-tab). Each write is told with a toast, a refusal by the
// browser's check too (docs/product.md#validation-messages).

type Schema = z.ZodType<Record<string, unknown>>;

/**
 * The form's state: `key` names its fetcher, `editing` the item being edited (none: a new one).
 * Another item starts the form afresh with its values; `onReply` hears every answer once.
 */
export function useEditorForm<S extends Schema>(
  schema: S,
  options: {
    key: string;
    editing: { id: string } | null;
    /**
     * The edited item's values, or the add form's defaults: a save or Cancel resets every field to
     * these, and a select given none is left with no option chosen.
     */
    defaultValue: Partial<z.input<S>>;
    onReply: (reply: FormReply, sent: FormData) => void;
  },
) {
  const fetcher = useFetcherReply(options.key, options.onReply);
  const [form, fields] = useSchemaForm(schema, {
    id: options.editing ? `${options.key}-${options.editing.id}` : options.key,
    lastResult: fetcher.data,
    defaultValue: options.defaultValue,
  });
  return { fields, editor: { fetcher, form, schema, id: options.editing?.id } };
}

/** Conform checks the form first; when its schema refuses, the first message (field order) is toasted. */
function submitOrTell(
  schema: Schema,
  onSubmit: React.FormEventHandler<HTMLFormElement>,
): React.FormEventHandler<HTMLFormElement> {
  return (event) => {
    onSubmit(event);
    if (!event.defaultPrevented) return;
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const message = schema.safeParse(values).error?.issues[0]?.message;
    if (message) toast.error(message);
  };
}

/**
 * The card: its title, the form posting `intent` (and the edited item's id), the fields, the submit
 * button (off while the write is on its way) and Cancel, which empties the form.
 */
export function EditorCard({
  title,
  fetcher,
  form,
  schema,
  intent,
  id,
  submitLabel,
  onCancel,
  children,
}: {
  fetcher: FetcherWithComponents<FormReply>;
  form: { id: string; onSubmit: React.FormEventHandler<HTMLFormElement> };
  schema: Schema;
  id?: string;
  title: string;
  intent: string;
  submitLabel: string;
  onCancel: () => void;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-lg">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          id={form.id}
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={submitOrTell(schema, form.onSubmit)}
        >
          <input type="hidden" name="intent" value={intent} />
          {id !== undefined && <input type="hidden" name="id" value={id} />}
          {children}
          <div className="flex gap-2">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {submitLabel}
            </Button>
            <Button type="reset" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
