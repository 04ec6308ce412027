import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import type { FormReplyWith } from "~/platform/forms/reply-with.server";
import {
  Field,
  type FieldMeta,
  FormErrors,
  SelectField,
  useSchemaForm,
} from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Upload } from "~/platform/ui/icons";
import { type PresskitImported, PresskitImportSchema } from "./presskit-import-schema";

// The Press Kits tab's "Import presskit() zip": a presskit() game folder, zipped, into a new game
// and its kit or into a game of the catalogue. The server checks it as `studio press import` does;
// a refusal is its one sentence under the field, a success a toast.

export function PresskitImportForm({
  games,
  gameFields,
}: {
  games: { slug: string; title: string }[];
  /** Whether the import may create and change games: else into an existing game's kit only. */
  gameFields: boolean;
}) {
  const fetcher = useFetcherReply("presskit-import", (reply: FormReplyWith<PresskitImported>) => {
    const made = reply.result;
    if (reply.status === "success" && made) {
      toast.success(`${made.title} imported`, {
        description: made.gameKept
          ? `Its press kit: /press/${made.slug}. The game's own fields and pictures were kept.`
          : `${made.created ? "A new game and its" : "The game and its"} press kit: /press/${made.slug}`,
      });
    } else if (!reply.error?.zip && !reply.error?.game) {
      toast.error("The zip was not imported", { description: failureMessage(reply) });
    }
  });
  const [form, fields] = useSchemaForm(PresskitImportSchema, {
    id: "presskit-import",
    lastResult: fetcher.data,
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      id={form.id}
      method="post"
      encType="multipart/form-data"
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="presskit-import" />
      <FormErrors errors={form.errors} />
      <Field
        meta={fields.zip as FieldMeta}
        type="file"
        accept=".zip,application/zip"
        label="presskit() zip"
        hint="A game folder (data.xml and images/), zipped; up to 50 MB."
        className="h-auto px-1.5 py-1.5 file:mr-2 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-1 file:text-sm file:font-medium file:text-secondary-foreground"
      />
      <SelectField
        meta={fields.game as FieldMeta}
        label="Into"
        options={[
          ...(gameFields ? [{ value: "", label: "A new game" }] : []),
          ...games.map((game) => ({ value: game.slug, label: game.title })),
        ]}
        hint={
          gameFields
            ? "A game chosen here takes the kit's fields and pictures."
            : "The game's press kit takes the kit's fields and logos; changing the game itself needs the developer role."
        }
      />
      <Button type="submit" disabled={busy}>
        <Upload aria-hidden="true" /> {busy ? "Importing..." : "Import"}
      </Button>
    </fetcher.Form>
  );
}
