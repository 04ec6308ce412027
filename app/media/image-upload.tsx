import { useEffect, useId, useRef, useState } from "react";
import { cn } from "~/platform/ui/cn";
import { Label } from "~/platform/ui/label";
import { Spinner } from "~/platform/ui/spinner";
import {
  MEDIA_ACCEPT,
  MEDIA_ACCEPT_VECTOR,
  MEDIA_MAX_BYTES,
  MEDIA_PURPOSE_PRESS_LOGO,
  MEDIA_TOO_LARGE,
  type MediaImage,
  type MediaUploadResult,
} from "./media-limits";

export const MEDIA_UPLOAD_PATH = "/media/upload";
const UPLOAD_FAILED = "The image could not be uploaded. Check your connection and try again.";

/** What the server said, whichever of its answers this is (the route's, or the body limit's 413). */
async function answerOf(response: Response): Promise<MediaUploadResult> {
  const body: unknown = await response.json().catch(() => null);
  if (body && typeof body === "object" && "ok" in body) return body as MediaUploadResult;
  const error = (body as { error?: { message?: unknown } } | null)?.error?.message;
  if (typeof error === "string") return { ok: false, error };
  return { ok: false, error: response.status === 413 ? MEDIA_TOO_LARGE : UPLOAD_FAILED };
}

/**
 * An editor's image upload: the file goes to the media library (POST /media/upload) as soon as it
 * is chosen; the size limit is checked here first, the server decides the rest and its refusal is
 * shown under the field. Needs JavaScript: until the page has loaded it the field is disabled.
 */
export function ImageUpload({
  label,
  onUploaded,
  disabled = false,
  id,
  className,
  pressLogo = false,
}: {
  /** The field's visible, accessible name ("Upload cover image"). */
  label: string;
  /** A press kit's logo: an SVG is accepted too (kept for download, shown as raster). */
  pressLogo?: boolean;
  onUploaded: (media: { id: string; image: MediaImage }) => void;
  disabled?: boolean;
  id?: string;
  className?: string;
}) {
  const generatedId = useId();
  const inputId = id ?? `image-upload-${generatedId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [ready, setReady] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    setReady(true);
    return () => abort.current?.abort();
  }, []);

  async function upload(file: File) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    setError(null);
    try {
      const body = new FormData();
      body.set("file", file);
      if (pressLogo) body.set("purpose", MEDIA_PURPOSE_PRESS_LOGO);
      const response = await fetch(MEDIA_UPLOAD_PATH, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
        credentials: "same-origin",
        signal: controller.signal,
      });
      const answer = await answerOf(response);
      if (controller.signal.aborted) return;
      if (answer.ok) onUploaded(answer.media);
      else setError(answer.error);
    } catch {
      if (!controller.signal.aborted) setError(UPLOAD_FAILED);
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setUploading(false);
      }
    }
  }

  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          type="file"
          accept={pressLogo ? MEDIA_ACCEPT_VECTOR : MEDIA_ACCEPT}
          disabled={!ready || disabled || uploading}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium disabled:opacity-60"
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            // Cleared at once: choosing the same file again after a refusal uploads it again.
            input.value = "";
            if (!file) return;
            // Said at once rather than after sending megabytes the server would refuse.
            if (file.size > MEDIA_MAX_BYTES) {
              setError(MEDIA_TOO_LARGE);
              return;
            }
            void upload(file);
          }}
        />
        {uploading && <Spinner label="Uploading image" className="text-muted-foreground" />}
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {uploading
          ? "Uploading..."
          : `JPEG, PNG, WebP, GIF${pressLogo ? ", AVIF or SVG" : " or AVIF"}, up to ${MEDIA_MAX_BYTES / 1024 / 1024} MB.`}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
