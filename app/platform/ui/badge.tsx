import type * as React from "react";
import { cn } from "./cn";

export function Badge({ className, ...props }: React.ComponentProps<"span">) {
  return <span className={cn("badge", className)} {...props} />;
}
