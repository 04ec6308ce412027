import type * as React from "react";
import { cn } from "./cn";

/**
 * An on/off switch: a native checkbox with `role="switch"`, so it posts with its form and works
 * before JavaScript loads, while assistive technology announces a switch whose on/off state comes
 * from the checkbox itself (ARIA in HTML forbids `aria-checked` on a checkbox: the native state is
 * what is exposed as aria-checked). Space toggles it, as a switch should.
 */
export function Switch({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      // biome-ignore lint/a11y/useAriaPropsForRole: the checkbox's own checked state is its aria-checked; ARIA in HTML forbids the attribute here
      role="switch"
      className={cn(
        "h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-muted-foreground/50 transition-colors",
        "before:block before:size-5 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-background before:shadow before:transition-transform",
        "checked:bg-primary checked:before:translate-x-[1.35rem]",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}
