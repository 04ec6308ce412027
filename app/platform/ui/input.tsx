import type * as React from "react";
import { cn } from "./cn";

// A field's frame is the `field` class (short-classes.css); its text size stays utilities, so
// `md:text-sm` wins over the base size on a wide screen.
export function Input({ className, ...props }: React.ComponentProps<"input">) {
  return <input className={cn("field h-10 text-base md:text-sm", className)} {...props} />;
}

/** A multi-line field; `code` sets it in small monospace (SQL, JSON). */
export function Textarea({
  className,
  code = false,
  ...props
}: React.ComponentProps<"textarea"> & { code?: boolean }) {
  return (
    <textarea
      className={cn(
        "field min-h-32",
        code ? "font-mono text-xs md:text-sm" : "text-base md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
