import type { SubmissionResult } from "@conform-to/react";
import type * as React from "react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { type FormSchema, useFormChecks } from "./form-checks";
import type { ControlMeta } from "./schema-fields";

// A public page's form (contact, newsletter subscribe, key request) without the form library in
// the page: Conform's form state (about 11 kB compressed) and zod arrive with the form's first use,
// as its checks (`./form-checks`, Conform's own `parseWithZod`). Until then, and with no JavaScript,
// it is a plain form showing the server's reply. What it does is what `useSchemaForm` does with
// these forms' options (docs/forms.md): check on submit and send nothing invalid, focus the first
// field with a message, check a field again as it is typed in once it has a message, show the
// server's reply (`lastResult`) and reset the form when the reply says so.

type Errors = Record<string, string[] | null | undefined>;

type DeferredForm = {
  id: string;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  errors?: string[];
};

/** `useSchemaForm` for a public page's form: its schema imported on first use. */
export function useDeferredSchemaForm<S extends FormSchema>(
  schema: () => Promise<S>,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null },
) {
  const { id, lastResult } = options;
  const { validate, ready } = useFormChecks(schema, id);
  // What the browser found, for the reply it was found after: a newer reply replaces it.
  const [checked, setChecked] = useState<{ after: unknown; errors: Errors } | null>(null);
  const errors: Errors =
    checked && checked.after === lastResult ? checked.errors : (lastResult?.error ?? {});
  const flagged = Object.values(errors).some((messages) => messages?.length);

  // A reply that resets the form (a success) empties its fields, as Conform does.
  useEffect(() => {
    if (lastResult?.initialValue !== null) return;
    const element = document.getElementById(id);
    if (element instanceof HTMLFormElement) element.reset();
  }, [id, lastResult]);

  // Once a field has a message, it is checked again as it is typed in.
  useEffect(() => {
    const element = document.getElementById(id);
    if (!flagged || !validate || !(element instanceof HTMLFormElement)) return;
    const onInput = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!name) return;
      const submission = validate(new FormData(element));
      const found: Errors = "error" in submission ? (submission.error ?? {}) : {};
      setChecked({ after: lastResult, errors: { ...errors, [name]: found[name] ?? null } });
    };
    element.addEventListener("input", onInput);
    return () => element.removeEventListener("input", onInput);
  }, [id, flagged, validate, lastResult, errors]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!ready(event) || !validate) return;
    const element = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const submission = validate(new FormData(element, submitter));
    const found: Errors = "error" in submission ? (submission.error ?? {}) : {};
    setChecked({ after: lastResult, errors: found });
    if (submission.status === "success") return;
    event.preventDefault();
    for (const control of element.elements) {
      const name = (control as HTMLInputElement).name;
      if (name && found[name]?.length) {
        (control as HTMLElement).focus();
        break;
      }
    }
  };

  const form: DeferredForm = { id, onSubmit, errors: errors[""] ?? undefined };
  const fields = new Proxy({} as Record<keyof z.input<S>, ControlMeta>, {
    get: (_target, name): ControlMeta => ({
      id: `${id}-${String(name)}`,
      name: String(name),
      formId: id,
      initialValue: lastResult?.initialValue?.[String(name)],
      errors: errors[String(name)] ?? undefined,
    }),
  });
  return [form, fields] as const;
}
