import { useEffect, useState } from "react";
import type { MediaImage } from "~/media";
import { StudioZoneHint, useStudioTimeZone } from "~/platform/dates/local-time";
import { instantToZonedInput } from "~/platform/dates/zoned-time";
import { EditorCard, useEditorForm } from "~/platform/forms/editor-card";
import { failureMessage } from "~/platform/forms/fetcher-reply";
import { Field, type FieldMeta, SelectField, TextareaField } from "~/platform/forms/schema-form";
import { slugify } from "~/platform/seo/slug";
import { toast } from "~/platform/toast/notify";
import { GalleryEditor } from "./gallery-editor";
import { GAME_LIMITS, type GameEntry, GameSchema, gameFormValues } from "./game-schema";
import { DEFAULT_GAME_STATUS, GAME_STATUSES } from "./game-status";
import {
  GAME_VISIBILITIES,
  GAME_VISIBILITY_HINTS,
  GAME_VISIBILITY_LABELS,
  type GameVisibility,
} from "./game-visibility";
import { GamePictureField } from "./picture-fields";
import { STORE_LIMITS } from "./store-links";

const STATUS_OPTIONS = GAME_STATUSES.map((status) => ({ value: status, label: status }));
const VISIBILITY_OPTIONS = GAME_VISIBILITIES.map((value) => ({
  value,
  label: GAME_VISIBILITY_LABELS[value],
}));

/**
 * A field the API may send as a list and the form writes as text (platforms, store links,
 * screenshots): the form's control only ever holds the text.
 */
const asText = (meta: { name: string }) => meta as FieldMeta;

/**
 * 'Add New Game' or, with a game, 'Edit Game' (docs/product.md#game-management-tab): new games are
 * Released; a successful save empties the form and leaves edit mode, a failed one keeps what was
 * typed. Below the card's fields, the game page's: its address, text, trailer, platforms, release
 * date, store links and screenshots.
 */
export function GameForm({
  editing,
  images = {},
  onDone,
}: {
  editing: GameEntry | null;
  /** The saved screenshots' pictures, by image id. */
  images?: Record<string, MediaImage>;
  onDone: () => void;
}) {
  // Bumped when the form is emptied (saved or cancelled): the screenshot list starts afresh.
  const [round, setRound] = useState(0);
  // What the address's placeholder follows as staff type the title.
  const [title, setTitle] = useState(editing?.title ?? "");
  useEffect(() => setTitle(editing?.title ?? ""), [editing]);
  const done = () => {
    setRound((r) => r + 1);
    setTitle("");
    onDone();
  };
  const timeZone = useStudioTimeZone();
  const { fields, editor } = useEditorForm(GameSchema, {
    key: "game-form",
    editing,
    defaultValue: editing
      ? gameFormValues(editing, (iso) => instantToZonedInput(iso, timeZone))
      : { status: DEFAULT_GAME_STATUS, visibility: "public" },
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
      done();
    },
  });
  // A new round of the uploaded pictures for each game edited and each time the form is emptied.
  const pictures = `${editing?.id ?? "new"}-${round}`;
  // The form library re-renders this form for the messages its last render read. A picture's alt
  // text field appears after an upload, in a render of its picture field alone, so its message
  // would reach the toast but never the field: the form reads both alt messages itself.
  void fields.cardImageAlt.errors;
  void fields.keyArtAlt.errors;
  const link = (name: "imageUrl" | "url" | "trailerUrl", label: string, hint?: string) => (
    <Field
      meta={fields[name]}
      id={`game-${name}`}
      label={label}
      type="url"
      inputMode="url"
      placeholder="https://"
      maxLength={GAME_LIMITS.url}
      hint={hint}
    />
  );
  return (
    <EditorCard
      {...editor}
      title={editing ? "Edit Game" : "Add New Game"}
      intent={editing ? "game-update" : "game-create"}
      submitLabel={editing ? "Update Game" : "Add Game"}
      onCancel={done}
    >
      <div
        className="space-y-4"
        onInput={(event) => {
          const target = event.target;
          if (target instanceof HTMLInputElement && target.name === fields.title.name)
            setTitle(target.value);
        }}
      >
        <Field
          meta={fields.title}
          id="game-title"
          label="Game Title"
          maxLength={GAME_LIMITS.title}
        />
        <TextareaField
          meta={fields.description}
          id="game-description"
          label="Description"
          rows={4}
          maxLength={GAME_LIMITS.description}
        />
        <GamePictureField
          key={`card-${pictures}`}
          meta={fields.cardImage}
          altMeta={fields.cardImageAlt}
          saved={editing?.cardImage ?? null}
          images={images}
          label="Card image"
          altLabel="Card image alt text"
          hint="Shown on the game's card, 16:9. Without one: the Icon/Image URL, else the first screenshot."
        />
        {link("imageUrl", "Icon/Image URL", "A link to the card's picture instead of an upload.")}
        <SelectField
          meta={fields.status}
          id="game-status"
          label="Status"
          options={STATUS_OPTIONS}
        />
        {link("url", "Game Link")}
        <SelectField
          meta={fields.visibility}
          id="game-visibility"
          label="Visibility"
          options={VISIBILITY_OPTIONS}
          hint={GAME_VISIBILITY_HINTS[(fields.visibility.value as GameVisibility) ?? "public"]}
        />
        {fields.visibility.value === "scheduled" && (
          <Field
            meta={fields.announceAt}
            id="game-announceAt"
            label="Announce at"
            type="datetime-local"
            step={1}
            hint={<StudioZoneHint />}
          />
        )}
        <fieldset className="space-y-4 border-t pt-4">
          <legend className="float-left mb-1 w-full pt-4 text-sm font-semibold text-muted-foreground">
            Game page
          </legend>
          <Field
            meta={fields.slug}
            id="game-slug"
            label="Address"
            placeholder={slugify(title, "made-from-the-title")}
            hint={`/games/${fields.slug.value || slugify(title, "…")}: empty makes it from the title.`}
            autoComplete="off"
            spellCheck={false}
          />
          <TextareaField
            meta={fields.about}
            id="game-about"
            label="Page text"
            rows={6}
            maxLength={GAME_LIMITS.about}
            hint="Markdown: # headings, **bold**, _italic_, [links](https://…), lists. Empty: the page shows the description."
          />
          <GamePictureField
            key={`key-art-${pictures}`}
            meta={fields.keyArt}
            altMeta={fields.keyArtAlt}
            saved={editing?.keyArt ?? null}
            images={images}
            label="Key art"
            altLabel="Key art alt text"
            hint="The game page's picture and the featured game's backdrop, wide. Without one: the card's picture."
          />
          {link("trailerUrl", "Trailer URL", "A YouTube or Vimeo video link.")}
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
            <Field
              meta={asText(fields.platforms)}
              id="game-platforms"
              label="Platforms"
              placeholder="Windows, macOS, Nintendo Switch"
              hint="Separated by commas."
            />
            <Field
              meta={fields.releaseDate}
              id="game-releaseDate"
              label="Release date"
              type="date"
            />
          </div>
          <TextareaField
            meta={asText(fields.storeLinks)}
            id="game-storeLinks"
            label="Store links"
            rows={3}
            placeholder={"Steam https://store.steampowered.com/app/…\nhttps://studio.itch.io/game"}
            hint={`One per line, up to ${STORE_LIMITS.links}: the store's name, then its link (Steam, itch.io, GOG, the console and phone stores are known by their links).`}
            spellCheck={false}
          />
          <GalleryEditor
            key={pictures}
            meta={asText(fields.gallery)}
            initial={editing?.gallery ?? []}
            images={images}
          />
        </fieldset>
      </div>
    </EditorCard>
  );
}
