import { cn } from "~/platform/ui/cn";

/** The studio's mark: a lantern-wing glyph, drawn inline so it costs no request. */
export function StudioMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("shrink-0", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M16 6c3 4 7 6 10 6-2 4-6 7-10 14C12 19 8 16 6 12c3 0 7-2 10-6Z"
        className="fill-primary-foreground"
        opacity="0.95"
      />
      <circle cx="16" cy="15" r="2.5" className="fill-primary" />
    </svg>
  );
}
