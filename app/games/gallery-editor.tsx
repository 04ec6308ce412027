import { useEffect, useRef, useState } from "react";
import { ImageUpload, type MediaImage, ResponsiveImage } from "~/media";
import type { FieldMeta } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { ImageIcon, Trash } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { GAME_LIMITS, type GalleryItem } from "./game-schema";

// The game page's screenshots in the admin game form: upload one, describe it (alt text is
// required), remove it. The list travels as one hidden JSON field the form's schema checks.

type Shot = GalleryItem & { preview: MediaImage | null };

export function GalleryEditor({
  meta,
  initial,
  images,
}: {
  meta: FieldMeta;
  initial: GalleryItem[];
  /** The pictures of the screenshots already saved, by image id (when the page has them). */
  images: Record<string, MediaImage>;
}) {
  const [shots, setShots] = useState<Shot[]>(() =>
    initial.map((item) => ({ ...item, preview: images[item.image] ?? null })),
  );
  const list = useRef<HTMLOListElement>(null);
  // Set by an upload: once the new screenshot is on the page, its alt text takes the focus. An
  // effect runs after React has put it there; a frame callback could come first and find no list.
  const focusNewest = useRef(false);
  const count = shots.length;
  useEffect(() => {
    if (!focusNewest.current || count === 0) return;
    focusNewest.current = false;
    list.current
      ?.querySelectorAll<HTMLInputElement>("li input")
      .item(count - 1)
      ?.focus();
  }, [count]);
  const error = meta.errors?.[0];
  const errorId = `${meta.id}-error`;
  const full = shots.length >= GAME_LIMITS.screenshots;

  const setAlt = (index: number, alt: string) =>
    setShots((current) => current.map((shot, i) => (i === index ? { ...shot, alt } : shot)));
  const remove = (index: number) => setShots((current) => current.filter((_, i) => i !== index));

  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Screenshots</legend>
      <input
        type="hidden"
        name={meta.name}
        value={JSON.stringify(shots.map(({ image, alt }) => ({ image, alt })))}
      />
      {shots.length > 0 && (
        <ol ref={list} className="space-y-2" data-testid="gallery-editor">
          {shots.map((shot, index) => {
            const altId = `${meta.id}-alt-${index}`;
            return (
              <li key={shot.image} className="flex items-center gap-3 rounded-md border p-2">
                {shot.preview ? (
                  <ResponsiveImage
                    image={shot.preview}
                    alt=""
                    sizes="5rem"
                    className="h-12 w-20 shrink-0 rounded object-cover"
                  />
                ) : (
                  <span className="flex h-12 w-20 shrink-0 items-center justify-center rounded bg-muted text-muted-foreground">
                    <ImageIcon aria-hidden="true" className="size-5" />
                  </span>
                )}
                <div className="min-w-0 flex-1 space-y-1">
                  <Label htmlFor={altId}>Alt text for screenshot {index + 1}</Label>
                  <Input
                    id={altId}
                    value={shot.alt}
                    maxLength={GAME_LIMITS.alt}
                    placeholder="What the screenshot shows"
                    aria-invalid={error && !shot.alt.trim() ? true : undefined}
                    onChange={(event) => setAlt(index, event.target.value)}
                  />
                </div>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove screenshot ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <Trash aria-hidden="true" className="text-destructive" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <ImageUpload
        label="Add screenshot"
        disabled={full}
        onUploaded={({ id, image }) => {
          // Straight to the new screenshot's alt text, which it needs.
          focusNewest.current = true;
          setShots((current) => [...current, { image: id, alt: "", preview: image }]);
        }}
      />
      <p className="text-xs text-muted-foreground">
        {full
          ? `That is the most a page shows (${GAME_LIMITS.screenshots}).`
          : `Up to ${GAME_LIMITS.screenshots} screenshots, each with alt text. The first is the trailer's poster and the page's link preview.`}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
