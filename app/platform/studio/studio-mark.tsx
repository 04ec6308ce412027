import { cn } from "~/platform/ui/cn";
import { ICON_SPRITE } from "~/platform/ui/icon-sprite";

/**
 * The studio's mark: a lantern-wing glyph in the theme's colours, drawn once in the icon sprite
 * (`scripts/icon-sprite.ts`), which every page already loads for its icons.
 */
export function StudioMark({ className }: { className?: string }) {
  return (
    // The symbol's own viewBox scales the drawing to the size the classes give.
    <svg aria-hidden="true" className={cn("shrink-0", className)}>
      <use href={`${ICON_SPRITE}#studio-mark`} />
    </svg>
  );
}
