import * as LabelPrimitive from "@radix-ui/react-label";
import type * as React from "react";
import { cn } from "./cn";

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn("field-label", className)} {...props} />;
}
