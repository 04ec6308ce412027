import { Button } from "~/platform/ui/button";
import { cn } from "~/platform/ui/cn";
import { X } from "~/platform/ui/icons";
import { ImageUpload } from "./image-upload";
import type { MediaImage } from "./media-limits";
import { ResponsiveImage } from "./responsive-image";

/**
 * One uploaded image a form sends by its id (a news cover, a game's card image or key art): the
 * upload until there is one, then its picture with a remove button. The hidden field carries the
 * id; empty when there is none.
 */
export function ImagePicker({
  name,
  value,
  image,
  onChange,
  uploadLabel,
  removeLabel,
  previewClassName = "aspect-video",
}: {
  name: string;
  value: string;
  /** The picture of `value`; null when it is not known (the upload is shown once replaced). */
  image: MediaImage | null;
  onChange: (picked: { id: string; image: MediaImage } | null) => void;
  /** The upload field's name ("Upload cover image"). */
  uploadLabel: string;
  /** The remove button's text ("Remove cover"). */
  removeLabel: string;
  /** The preview's shape: the box the picture is shown in on the site. */
  previewClassName?: string;
}) {
  return (
    <div className="space-y-2">
      <input type="hidden" name={name} value={value} />
      {image ? (
        <div className="relative">
          <ResponsiveImage
            image={image}
            alt=""
            sizes="24rem"
            className={cn("w-full rounded-md border object-cover", previewClassName)}
          />
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="absolute top-2 right-2"
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" />
            {removeLabel}
          </Button>
        </div>
      ) : (
        <ImageUpload label={uploadLabel} onUploaded={(media) => onChange(media)} />
      )}
    </div>
  );
}
