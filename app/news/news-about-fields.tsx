import { GAME_VISIBILITY_LABELS } from "~/games";
import { StudioTime } from "~/platform/dates/local-time";
import { Field, type FieldMeta, SelectField } from "~/platform/forms/schema-form";
import { cn } from "~/platform/ui/cn";
import { EyeOff } from "~/platform/ui/icons";
import { NEWS_KIND_LABELS, NEWS_KINDS, TAGS_MAX, VERSION_MAX } from "./news-about";
import { type AboutGame, typedTags } from "./news-editor-choices";

// The editor's About part (docs/product.md#news-management-tab): the games a post is about (none:
// the studio), its kind, a patch note's version, and its tags. The games ticked are the form's
// state (the mail lists follow them); the other fields are the form's own.

export type { AboutGame } from "./news-editor-choices";

type AboutMeta = {
  games: { errors?: string[]; allErrors: Record<string, string[]> };
  kind: FieldMeta;
  version: FieldMeta;
  tags: { name: string };
};

/** A game not yet public, marked as staff set it in Game Management. */
function VisibilityMark({ game }: { game: AboutGame }) {
  if (game.visibility === "public") return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-amber-500/50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 dark:text-amber-200">
      <EyeOff aria-hidden="true" className="size-3" />
      {game.visibility === "scheduled" && game.announceAt ? (
        <>
          Announced on <StudioTime value={game.announceAt} format="list" />
        </>
      ) : (
        GAME_VISIBILITY_LABELS[game.visibility]
      )}
    </span>
  );
}

/** The first message about the games: the list's own, or one game's (a malformed id). */
function gamesError(meta: AboutMeta["games"]): string | undefined {
  return (
    meta.errors?.[0] ??
    Object.entries(meta.allErrors).find(([name]) => name.startsWith("games"))?.[1][0]
  );
}

/** The tags the server will save, as chips under the field, and how many of the eight are used. */
function TagChips({ typed }: { typed: string }) {
  const { tags, refused } = typedTags(typed);
  if (tags.length === 0 && refused.length === 0) return null;
  const over = tags.length > TAGS_MAX;
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="news-tag-chips">
      <span className="sr-only">Saved as:</span>
      {tags.map((tag) => (
        <span
          key={tag}
          className="rounded-full border bg-muted px-2 py-0.5 font-mono text-xs text-foreground"
        >
          {tag}
        </span>
      ))}
      {refused.map((piece) => (
        <span
          key={piece}
          className="max-w-full truncate rounded-full border border-destructive/50 px-2 py-0.5 font-mono text-xs text-destructive line-through"
          title="Not a tag: letters, digits and hyphens only"
        >
          {piece}
        </span>
      ))}
      <span
        className={cn("text-xs", over ? "font-medium text-destructive" : "text-muted-foreground")}
      >
        {tags.length} of {TAGS_MAX}
      </span>
    </div>
  );
}

/** The About part: the games, the kind (and a patch note's version), the tags. */
export function AboutFields({
  fields,
  games,
  about,
  onGame,
}: {
  fields: AboutMeta;
  /** Every game, in catalogue order. */
  games: readonly AboutGame[];
  /** The ids of the games ticked. */
  about: readonly string[];
  onGame: (id: string, ticked: boolean) => void;
}) {
  const error = gamesError(fields.games);
  // The API sends tags as a list, the form as one line of text: the field is that text.
  const tags = fields.tags as FieldMeta;
  const hidden = games.some((game) => game.visibility !== "public");
  const describedBy = [
    "news-about-hint",
    hidden && "news-about-hidden",
    error && "news-games-error",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-4" data-testid="news-about">
      <fieldset className="space-y-2 rounded-md border p-3" aria-describedby={describedBy}>
        <legend className="px-1 text-sm font-medium">About</legend>
        <p id="news-about-hint" className="text-xs text-muted-foreground">
          Tick the games this post is about. None ticked: it is about the studio.
        </p>
        {games.length > 0 && (
          <ul className="grid gap-1.5 sm:grid-cols-2">
            {games.map((game) => (
              <li key={game.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="games"
                    value={game.id}
                    checked={about.includes(game.id)}
                    onChange={(event) => onGame(game.id, event.target.checked)}
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                  />
                  <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="[overflow-wrap:anywhere]">{game.title}</span>
                    <VisibilityMark game={game} />
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {hidden && (
          <p id="news-about-hidden" className="text-xs text-muted-foreground">
            A post about a game that is not public yet stays hidden from guests until the game is
            public; about an unlisted game, it opens by its address and no list shows it.
          </p>
        )}
        {error && (
          <p id="news-games-error" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          meta={fields.kind}
          id="news-kind"
          label="Kind"
          options={NEWS_KINDS.map((value) => ({ value, label: NEWS_KIND_LABELS[value] }))}
        />
        {fields.kind.value === "patch-notes" && (
          <Field
            meta={fields.version}
            id="news-version"
            label="Version"
            placeholder="1.2.0"
            maxLength={VERSION_MAX}
            autoComplete="off"
            spellCheck={false}
            hint="Required for patch notes: letters, digits, dots and hyphens."
          />
        )}
      </div>
      <div className="space-y-2">
        <Field
          meta={tags}
          id="news-tags"
          label="Tags"
          placeholder="level design, roadmap"
          autoComplete="off"
          hint={`Separate them with commas, at most ${TAGS_MAX}. Each is saved in lower case with hyphens: “Level Design” becomes level-design.`}
        />
        <TagChips typed={tags.value ?? ""} />
      </div>
    </div>
  );
}
