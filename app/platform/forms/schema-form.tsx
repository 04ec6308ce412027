import { type SubmissionResult, useForm } from "@conform-to/react";
import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { type FetcherWithComponents, Form, useFetchers, useNavigation } from "react-router";
import type { z } from "zod";
import type { FormReply } from "./submission.server";
import type { Validator } from "./zod-validator";

// The browser half of the one form contract (see ./submission.server.ts): Conform runs the form's
// zod schema on submit, then again as the user types once a field has been flagged, and shows the
// server's reply (`lastResult`) the same way. The labelled controls are in ./schema-fields.tsx,
// re-exported here so a form imports the contract from one place.

export {
  EmailField,
  Field,
  type FieldMeta,
  Select,
  SelectField,
  selectClass,
  TextareaField,
} from "./schema-fields";

type FormSchema = z.ZodType<Record<string, unknown>>;

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
  const [validate, setValidate] = useState<Validator<S> | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const loading = useRef<Promise<void> | null>(null);
  const waiting = useRef<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);
  const schemaSource = useRef(schema);
  const load = useCallback(() => {
    const source = schemaSource.current;
    loading.current ??= Promise.all([
      import("./zod-validator"),
      typeof source === "function" ? source() : source,
    ]).then(
      ([module, loaded]) => setValidate(() => module.zodValidator(loaded)),
      () => setUnavailable(true),
    );
    return loading.current;
  }, []);

  const [form, fields] = useForm<z.input<S> & Record<string, unknown>, z.output<S>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });

  // A schema at hand loads the checker at once; a schema to import waits for the form's first use.
  useEffect(() => {
    if (typeof schemaSource.current !== "function") {
      void load();
      return;
    }
    const element = document.getElementById(form.id);
    const events = ["focusin", "pointerdown", "keydown"] as const;
    const start = () => void load();
    for (const event of events) element?.addEventListener(event, start, { once: true });
    return () => {
      for (const event of events) element?.removeEventListener(event, start);
    };
  }, [form.id, load]);

  // A submission that waited for the checker is made again once it is there (or, if it could not
  // be loaded, goes to the server as it is).
  useEffect(() => {
    const pending = waiting.current;
    if (!pending || (!validate && !unavailable)) return;
    waiting.current = null;
    const { form, submitter } = pending;
    // The page may have re-rendered the form meanwhile: a button that is no longer the form's
    // cannot submit it, so its twin (same name and value) does, or the form alone.
    if (!form.isConnected) return;
    const owned =
      submitter?.isConnected && (submitter as HTMLButtonElement).form === form
        ? submitter
        : twinOf(form, submitter);
    form.requestSubmit(owned);
  }, [validate, unavailable]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (!validate && !unavailable) {
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      waiting.current = { form: event.currentTarget, submitter };
      void load();
      return;
    }
    form.onSubmit(event);
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

/** The form's own submit button with the name and value of one that left the page, or null. */
function twinOf(form: HTMLFormElement, gone: HTMLElement | null): HTMLElement | null {
  if (!gone) return null;
  const name = gone.getAttribute("name");
  const value = gone.getAttribute("value");
  for (const button of form.querySelectorAll<HTMLButtonElement>("button[type=submit]")) {
    if (button.getAttribute("name") === name && button.getAttribute("value") === value) {
      return button;
    }
  }
  return null;
}
