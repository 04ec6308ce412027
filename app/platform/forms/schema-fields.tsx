import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type * as React from "react";
import { Input, Textarea } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";

// The labelled controls of a schema form (schema-form.tsx): each renders a control from a field's
// metadata, so ids, aria wiring and messages are written once.

/** A text field of a schema form, as the controls below take it. */
export type FieldMeta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

type ControlProps = {
  meta: FieldMeta;
  label: string;
  /** A fixed id (some screens' links and tests address a control by id); else Conform's. */
  id?: string;
  hint?: React.ReactNode;
};

function describedBy(id: string, hasError: boolean, hasHint: boolean) {
  return [hasError ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(" ");
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
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

/** A labelled input bound to a field: its value, message and aria wiring. */
export function Field({
  meta,
  label,
  id,
  hint,
  type = "text",
  ...props
}: ControlProps & {
  type?:
    | "text"
    | "email"
    | "password"
    | "tel"
    | "url"
    | "number"
    | "date"
    | "time"
    | "datetime-local"
    | "file";
} & Omit<React.ComponentProps<"input">, "id" | "name" | "type" | "defaultValue" | "form">) {
  const controlId = id ?? meta.id;
  const error = meta.errors?.[0];
  return (
    <FieldFrame id={controlId} label={label} hint={hint} error={error}>
      <Input
        {...getInputProps(meta, { type, ariaAttributes: false })}
        {...props}
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, Boolean(error), Boolean(hint)) || undefined}
      />
    </FieldFrame>
  );
}

/** The labelled email input every form with an address uses ('Email', the browser's autofill). */
export function EmailField(props: Omit<React.ComponentProps<typeof Field>, "type" | "label">) {
  return <Field label="Email" type="email" autoComplete="email" {...props} />;
}

/** A labelled textarea bound to a field. */
export function TextareaField({
  meta,
  label,
  id,
  hint,
  ...props
}: ControlProps & Omit<React.ComponentProps<"textarea">, "id" | "name" | "defaultValue" | "form">) {
  const controlId = id ?? meta.id;
  const error = meta.errors?.[0];
  return (
    <FieldFrame id={controlId} label={label} hint={hint} error={error}>
      <Textarea
        {...getTextareaProps(meta, { ariaAttributes: false })}
        {...props}
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, Boolean(error), Boolean(hint)) || undefined}
      />
    </FieldFrame>
  );
}

export const selectClass =
  "block h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60 aria-invalid:border-destructive";

/** The one native select: options as value/label pairs. Bound to a field, or plain with a name. */
export function Select({
  options,
  className,
  ...props
}: { options: readonly { value: string; label: string }[] } & React.ComponentProps<"select">) {
  return (
    <select className={className ?? selectClass} {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A labelled select bound to a field. */
export function SelectField({
  meta,
  label,
  id,
  hint,
  options,
  ...props
}: ControlProps & { options: readonly { value: string; label: string }[] } & Omit<
    React.ComponentProps<"select">,
    "id" | "name" | "defaultValue" | "form"
  >) {
  const controlId = id ?? meta.id;
  const error = meta.errors?.[0];
  return (
    <FieldFrame id={controlId} label={label} hint={hint} error={error}>
      <Select
        {...getSelectProps(meta, { ariaAttributes: false })}
        {...props}
        options={options}
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, Boolean(error), Boolean(hint)) || undefined}
      />
    </FieldFrame>
  );
}
