import { type SubmissionResult, useForm } from "@conform-to/react";
import type * as React from "react";
import { useId } from "react";
import { type FetcherWithComponents, Form, useFetchers, useNavigation } from "react-router";
import type { z } from "zod";
import { type FormSchema, useFormChecks } from "./form-checks";
import { FormErrors } from "./schema-fields";

// The browser half of the one form contract (see ./submission.server.ts): Conform runs the form's
// zod schema on submit, then again as the user types once a field has been flagged, and shows the
// server's reply (`lastResult`) the same way. The labelled controls are in ./schema-fields.tsx,
// re-exported here so a form imports the contract from one place.

export {
  EmailField,
  Field,
  type FieldMeta,
  FormErrors,
  replyMessage,
  Select,
  SelectField,
  selectClass,
  TextareaField,
} from "./schema-fields";

/**
 * A form driven by its shared zod schema; `lastResult` is the action's reply.
 *
 * The checking code (the form library's zod binding, `./zod-validator`) is loaded apart from the
 * page. Given the schema itself, it loads at once. Given a function that imports the
 * schema, as the public pages' forms do, zod too stays out of the page's first scripts: both load
 * when the form is first touched (focus, pointer, key). A submission made before they have arrived
 * waits for them and is then checked as usual, so invalid input is never sent; if they cannot be
 * loaded at all, the form posts and the server checks it with the same schema. The schema (or the
 * function) of the first render is the one used; every form has one schema for its lifetime.
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S | (() => Promise<S>),
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<z.input<S>>;
  } = {},
) {
  const generatedId = useId();
  const formId = options.id ?? generatedId;
  const { validate, ready } = useFormChecks(schema, formId);

  const [form, fields] = useForm<z.input<S> & Record<string, unknown>, z.output<S>, string[]>({
    id: formId,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (ready(event)) form.onSubmit(event);
  };
  // Conform's form object records which of its properties a component reads (to re-render it only
  // for those): a copy would read them all, so only `onSubmit` is answered differently.
  const formWithSubmit = new Proxy(form, {
    get: (target, key, receiver) =>
      key === "onSubmit" ? onSubmit : Reflect.get(target, key, receiver),
  });
  return [formWithSubmit, fields] as const;
}

/**
 * Whether a form is on its way: a document submission or any fetcher carrying this intent (or, with
 * no intent given, any submission at all). The one pending check the screens use.
 */
export function usePending(intent?: string): boolean {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const matches = (form: FormData | undefined) =>
    intent === undefined || form?.get("intent") === intent;
  if (navigation.state === "submitting" && matches(navigation.formData)) return true;
  return fetchers.some((fetcher) => fetcher.state === "submitting" && matches(fetcher.formData));
}

/**
 * The document form of a schema form: it posts to the route's action (so it works without
 * JavaScript), the browser validates it first, and its form-level message shows above its fields.
 */
export function SchemaForm({
  form,
  errors = form.errors,
  className = "space-y-4",
  children,
}: {
  form: { id: string; onSubmit: React.FormEventHandler<HTMLFormElement>; errors?: string[] };
  /** The form-level message, when a field without a control of its own also has one. */
  errors?: string[];
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form id={form.id} method="post" noValidate className={className} onSubmit={form.onSubmit}>
      <FormErrors errors={errors} />
      {children}
    </Form>
  );
}

/**
 * A form that posts one intent, with a few hidden values, through a fetcher: the rows' buttons of a
 * list (mark read, delete, change a role). The action parses it with the same intent schema.
 */
export function IntentForm({
  fetcher,
  intent,
  values = {},
  className,
  children,
}: {
  fetcher: FetcherWithComponents<unknown>;
  intent: string;
  values?: Record<string, string>;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </fetcher.Form>
  );
}
