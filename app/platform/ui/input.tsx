import type * as React from "react";
import { cn } from "./cn";

const fieldClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 aria-invalid:border-destructive md:text-sm";

export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn("h-10 text-base", fieldClass, className)} {...props} />;
}

/** A multi-line field; `code` sets it in small monospace (SQL, JSON). */
export function Textarea({
  className,
  code = false,
  ...props
}: React.ComponentProps<"textarea"> & { code?: boolean }) {
  return (
    <textarea
      className={cn("min-h-32", code ? "font-mono text-xs" : "text-base", fieldClass, className)}
      {...props}
    />
  );
}
