import { EditorCard, useEditorForm } from "~/platform/forms/editor-card";
import { failureMessage } from "~/platform/forms/fetcher-reply";
import { Field, SelectField, TextareaField } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { GAME_LIMITS, type GameEntry, GameSchema } from "./game-schema";
import { DEFAULT_GAME_STATUS, GAME_STATUSES } from "./game-status";

const STATUS_OPTIONS = GAME_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * 'Add New Game' or, with a game, 'Edit Game' (docs/product.md#game-management-tab): new games are
 * Released; a successful save empties the form and leaves edit mode, a failed one keeps what was
 * typed.
 */
export function GameForm({ editing, onDone }: { editing: GameEntry | null; onDone: () => void }) {
  const { fields, editor } = useEditorForm(GameSchema, {
    key: "game-form",
    editing,
    defaultValue: editing ?? { status: DEFAULT_GAME_STATUS },
    onReply: (reply, sent) => {
      if (reply.status !== "success") {
        toast.error("Failed to save game. Please try again.", {
          description: failureMessage(reply),
        });
        return;
      }
      toast.success(
        sent.get("intent") === "game-create"
          ? "Game added successfully!"
          : "Game updated successfully!",
      );
      onDone();
    },
  });
  const link = (name: "imageUrl" | "url", label: string) => (
    <Field
      meta={fields[name]}
      id={`game-${name}`}
      label={label}
      type="url"
      inputMode="url"
      placeholder="https://"
      maxLength={GAME_LIMITS.url}
    />
  );
  return (
    <EditorCard
      {...editor}
      title={editing ? "Edit Game" : "Add New Game"}
      intent={editing ? "game-update" : "game-create"}
      submitLabel={editing ? "Update Game" : "Add Game"}
      onCancel={onDone}
    >
      <Field meta={fields.title} id="game-title" label="Game Title" maxLength={GAME_LIMITS.title} />
      <TextareaField
        meta={fields.description}
        id="game-description"
        label="Description"
        rows={4}
        maxLength={GAME_LIMITS.description}
      />
      {link("imageUrl", "Icon/Image URL")}
      <SelectField meta={fields.status} id="game-status" label="Status" options={STATUS_OPTIONS} />
      {link("url", "Game Link")}
    </EditorCard>
  );
}
