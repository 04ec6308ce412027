import type { FieldMetadata } from "@conform-to/react";
import type * as React from "react";
import { Input, Textarea } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import type { FormReply } from "./submission.server";

// The labelled controls of a schema form (schema-form.tsx, deferred-form.ts): each renders a
// control from a field's metadata, so ids, aria wiring and messages are written once. They read
// the few properties they need themselves, as Conform's own `getInputProps` would (these forms set
// no constraints), so a public page's form renders without the form library.

/** A text field of a schema form (Conform's metadata), as the staff screens pass it around. */
export type FieldMeta = FieldMetadata<string | undefined, Record<string, unknown>, string[]>;

/** What the controls below read of a field: Conform's metadata, or the deferred form's. */
export type ControlMeta = {
  id: string;
  name: string;
  formId: string;
  initialValue?: unknown;
  errors?: string[];
};

/** The control's own attributes: Conform's `getInputProps` and friends, without constraints. */
function controlProps(meta: ControlMeta, type?: string) {
  const value = meta.initialValue;
  const defaultValue =
    type === "file"
      ? undefined
      : type === undefined
        ? Array.isArray(value)
          ? value.map((item) => String(item ?? ""))
          : value?.toString()
        : typeof value === "string"
          ? value
          : undefined;
  return { name: meta.name, form: meta.formId, defaultValue };
}

type ControlProps = {
  meta: ControlMeta;
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
        {...controlProps(meta, type)}
        type={type}
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
        {...controlProps(meta)}
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
        {...controlProps(meta)}
        {...props}
        options={options}
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(controlId, Boolean(error), Boolean(hint)) || undefined}
      />
    </FieldFrame>
  );
}

/** A reply's message about the whole form (a refusal, a failure), if it has one. */
export function replyMessage(reply: FormReply | null | undefined): string | undefined {
  return reply?.error?.[""]?.[0];
}

/** The form-level message (the reply's form errors), in red. */
export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  if (!errors?.length) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm font-medium text-destructive"
    >
      {errors[0]}
    </p>
  );
}
