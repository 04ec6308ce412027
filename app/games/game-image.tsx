import { useEffect, useRef, useState } from "react";
import { Badge } from "~/platform/ui/badge";
import { cn } from "~/platform/ui/cn";
import { Gamepad2 } from "~/platform/ui/icons";
import { statusBadgeClass } from "./game-status";

export function GameStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge className={cn(statusBadgeClass(status), className)} data-testid="game-status">
      {status}
    </Badge>
  );
}

/** The game's image, or a placeholder when it is missing or fails to load. */
export function GameImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  /** The page's largest image (the first card's): fetched at once rather than lazily. */
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // The image may have failed before hydration attached onError.
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={`${alt} (image unavailable)`}
        data-testid="game-image-placeholder"
        className={cn(
          "flex items-center justify-center bg-gradient-to-br from-accent to-muted text-muted-foreground",
          className,
        )}
      >
        <Gamepad2 aria-hidden="true" className="size-12" />
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={640}
      height={360}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("object-cover", className)}
    />
  );
}
