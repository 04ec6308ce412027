import type * as React from "react";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";

/** A labelled input with its error message wired for assistive technology. */
export function Field({
  name,
  label,
  error,
  hint,
  ...props
}: {
  name: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
} & React.ComponentProps<"input">) {
  const id = props.id ?? name;
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level error: the server's message, inline in red (docs/product.md#auth). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive"
    >
      {message}
    </p>
  );
}
