import { useEffect, useRef, useState } from "react";
import { ImagePicker, ImageUpload, type MediaImage } from "~/media";
import { StudioZoneHint, useStudioTimeZone } from "~/platform/dates/local-time";
import { zonedTimeToInstant } from "~/platform/dates/zoned-time";
import { Field, type FieldMeta } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { ImagePlus, TriangleAlert } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { PUBLISH_TIME_PASSED, publishTimePassed } from "./news-schema";

// The news editor's parts beyond plain fields: the live preview, the image inserted into the text,
// the cover, the publish time.

const PREVIEW_DELAY_MS = 350;

/** An image the page leaves out: from another site, or no longer in the media library. */
type DroppedImage = { src: string; alt: string };

/** Longer addresses are cut in the middle: the host and the file name say which image it is. */
function shortAddress(src: string): string {
  return src.length <= 72 ? src : `${src.slice(0, 40)}…${src.slice(-28)}`;
}

/**
 * The images the preview (and the page) leave out, named above it: pages show only pictures
 * uploaded here, and readers get each one's alt text in its place (docs/product.md#pages).
 */
function DroppedImages({ images }: { images: DroppedImage[] }) {
  return (
    <div
      className="mb-3 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200"
      data-testid="preview-dropped-images"
    >
      <p className="flex items-start gap-1.5 font-medium">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        {images.length === 1
          ? "1 image is not shown: only pictures uploaded to this site are. Upload it with Insert image."
          : `${images.length} images are not shown: only pictures uploaded to this site are. Upload them with Insert image.`}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-6 [overflow-wrap:anywhere]">
        {images.map((image, index) => (
          // The same address may be written twice: its place in the text tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, replaced whole
          <li key={index}>
            <code className="text-xs">{shortAddress(image.src)}</code>:{" "}
            {image.alt
              ? `readers see its alt text, “${image.alt}”, in its place.`
              : "readers see nothing in its place."}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The text as the article will show it, rendered by the server's renderer (the same that renders the
 * page, so what staff see is what readers get), refreshed as they type.
 */
export function LivePreview({ content, format }: { content: string; format: "markdown" | "text" }) {
  const [html, setHtml] = useState<string | null>(null);
  const [dropped, setDropped] = useState<DroppedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!content.trim()) {
      setHtml("");
      setDropped([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const body = new FormData();
        body.set("content", content);
        body.set("format", format);
        const response = await fetch("/admin/news-preview", {
          method: "POST",
          body,
          signal: controller.signal,
        });
        const answer = (await response.json()) as {
          html?: string;
          dropped?: DroppedImage[];
          error?: string;
        };
        if (answer.html !== undefined) {
          setHtml(answer.html);
          setDropped(answer.dropped ?? []);
          setError(null);
        } else setError(answer.error ?? "The preview could not be made.");
      } catch {
        if (!controller.signal.aborted) setError("The preview could not be made.");
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [content, format]);
  return (
    <section aria-labelledby="news-preview-heading" className="rounded-md border bg-background">
      <h3
        id="news-preview-heading"
        className="border-b px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
      >
        Preview
      </h3>
      <div className="max-h-96 overflow-y-auto px-4 py-3" aria-live="polite">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : html ? (
          <>
            {dropped.length > 0 && <DroppedImages images={dropped} />}
            <div
              className="markdown text-sm"
              data-testid="news-preview"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's safe renderer made it
              dangerouslySetInnerHTML={{ __html: html }}
            />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {html === "" ? "Write something to see it here." : "Preparing the preview…"}
          </p>
        )}
      </div>
    </section>
  );
}

/** Puts `text` into a textarea at its caret, as typing would (the form library hears it). */
export function insertAtCaret(textarea: HTMLTextAreaElement, text: string) {
  const start = textarea.selectionStart ?? textarea.value.length;
  const end = textarea.selectionEnd ?? start;
  const before = textarea.value.slice(0, start);
  const after = textarea.value.slice(end);
  const lead = before && !before.endsWith("\n\n") ? (before.endsWith("\n") ? "\n" : "\n\n") : "";
  const value = `${before}${lead}${text}\n\n${after}`;
  // The native setter: React and the form library see an edit, not a replaced prop.
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(
    textarea,
    value,
  );
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
  const caret = before.length + lead.length + text.length;
  textarea.focus();
  textarea.setSelectionRange(caret, caret);
}

/** An image put into the text: alt text first (required), then the upload; written as Markdown. */
export function InsertImage({ textareaId }: { textareaId: string }) {
  const [alt, setAlt] = useState("");
  const [open, setOpen] = useState(false);
  const altRef = useRef<HTMLInputElement>(null);
  if (!open) {
    return (
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <ImagePlus aria-hidden="true" />
        Insert image
      </Button>
    );
  }
  return (
    <fieldset className="space-y-2 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Insert an image into the text</legend>
      <div className="space-y-1">
        <Label htmlFor="news-inline-alt">Alt text</Label>
        <Input
          id="news-inline-alt"
          ref={altRef}
          value={alt}
          maxLength={300}
          onChange={(event) => setAlt(event.target.value)}
          placeholder="What the image shows, for readers who cannot see it"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ImageUpload
          label="Upload image"
          disabled={!alt.trim()}
          onUploaded={({ id }) => {
            const textarea = document.getElementById(textareaId);
            if (textarea instanceof HTMLTextAreaElement) {
              const safeAlt = alt.trim().replace(/[[\]\\]/g, "");
              insertAtCaret(textarea, `![${safeAlt}](/media/${id})`);
            }
            setAlt("");
            setOpen(false);
          }}
        />
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
      {!alt.trim() && (
        <p className="text-xs text-muted-foreground">Write the alt text first, then upload.</p>
      )}
    </fieldset>
  );
}

/** The cover: its upload, its picture, and the hidden field the form sends. */
export function CoverPicker(props: {
  name: string;
  value: string;
  image: MediaImage | null;
  onChange: (cover: { id: string; image: MediaImage } | null) => void;
}) {
  return <ImagePicker {...props} uploadLabel="Upload cover image" removeLabel="Remove cover" />;
}

/** How often a shown publish time is checked again against the clock. */
const CLOCK_CHECK_MS = 5_000;

/**
 * 'Publish at', with a warning while the time typed has passed: saving would be refused, as
 * scheduling is for the future (the server checks the same rule).
 */
export function PublishAtField({ meta, value }: { meta: FieldMeta; value: string }) {
  const timeZone = useStudioTimeZone();
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), CLOCK_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  const at = zonedTimeToInstant(value, timeZone);
  // The server's refusal says the same below the field: once is enough.
  const passed = at !== null && publishTimePassed(at) && meta.errors?.[0] !== PUBLISH_TIME_PASSED;
  return (
    <Field
      meta={meta}
      id="news-publish-at"
      label="Publish at"
      type="datetime-local"
      step={1}
      hint={
        <>
          <StudioZoneHint />
          {passed && (
            <span className="mt-1 flex items-start gap-1.5 font-medium text-amber-800 dark:text-amber-300">
              <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
              <span>{PUBLISH_TIME_PASSED}</span>
            </span>
          )}
        </>
      }
    />
  );
}
