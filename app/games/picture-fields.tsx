import { useState } from "react";
import { ImagePicker, type MediaImage } from "~/media";
import { Field, type FieldMeta } from "~/platform/forms/schema-form";
import { GAME_LIMITS } from "./game-schema";

type Picked = { id: string; image: MediaImage | null } | null;

const pickedOf = (id: string | null | undefined, images: Record<string, MediaImage>): Picked =>
  id ? { id, image: images[id] ?? null } : null;

/**
 * One of a game's uploaded pictures in the admin form (its card image or its key art): the upload,
 * then its picture with Remove, and its alt text (required once there is a picture). `saved` is
 * the stored image's id, where it starts: the form gives it a new key for each game it edits and
 * each time it is emptied.
 */
export function GamePictureField({
  meta,
  altMeta,
  saved,
  images,
  label,
  hint,
  altLabel,
  previewClassName,
}: {
  meta: FieldMeta;
  altMeta: FieldMeta;
  saved: string | null;
  /** The saved pictures, by image id. */
  images: Record<string, MediaImage>;
  /** "Card image", "Key art". */
  label: string;
  hint: string;
  altLabel: string;
  previewClassName?: string;
}) {
  const [picked, setPicked] = useState<Picked>(() => pickedOf(saved, images));
  const error = meta.errors?.[0];
  return (
    <div className="space-y-2" data-testid={`picture-${meta.name}`}>
      <p className="text-sm font-medium">{label}</p>
      <ImagePicker
        name={meta.name}
        value={picked?.id ?? ""}
        image={picked?.image ?? null}
        onChange={setPicked}
        uploadLabel={`Upload ${label.toLowerCase()}`}
        removeLabel={`Remove ${label.toLowerCase()}`}
        previewClassName={previewClassName}
      />
      <p className="text-xs text-muted-foreground">{hint}</p>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
      {picked && (
        <Field
          meta={altMeta}
          id={`game-${altMeta.name}`}
          label={altLabel}
          maxLength={GAME_LIMITS.alt}
          hint="What the picture shows, for visitors who cannot see it."
        />
      )}
    </div>
  );
}
