import { imageSrc, imageSrcset, type MediaImage } from "./media-limits";

/**
 * An uploaded image at the width the browser needs: every stored width in `srcset`, the intrinsic
 * size given (no layout shift). `priority` for the one image that is the page's largest paint (a
 * cover at the top): loaded at once and first; every other image waits until it is near.
 */
export function ResponsiveImage({
  image,
  alt,
  className,
  sizes,
  priority = false,
}: {
  image: MediaImage;
  /** What the image shows; "" for a decorative one. */
  alt: string;
  className?: string;
  /** How wide it is shown (the <img>'s sizes); the image's own `sizes` when not given. */
  sizes?: string;
  priority?: boolean;
}) {
  return (
    <img
      src={imageSrc(image)}
      srcSet={imageSrcset(image)}
      sizes={sizes ?? image.sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
    />
  );
}
