import { Slot } from "@radix-ui/react-slot";
import type * as React from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("card", className)} {...props} />;
}

/** A card's header: title and description stacked, or (`row`) side by side with an action. */
export function CardHeader({
  className,
  row = false,
  ...props
}: React.ComponentProps<"div"> & { row?: boolean }) {
  return <div className={cn(row ? "card-header-row" : "card-header", className)} {...props} />;
}

export function CardTitle({
  className,
  asChild = false,
  ...props
}: React.ComponentProps<"h3"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "h3";
  return <Comp className={cn("card-title", className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** A card's body: below a header, or (`standalone`) the whole card with padding all round. */
export function CardContent({
  className,
  standalone = false,
  ...props
}: React.ComponentProps<"div"> & { standalone?: boolean }) {
  return <div className={cn(standalone ? "p-6" : "p-6 pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("card-footer", className)} {...props} />;
}
