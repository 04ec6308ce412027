import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type { Validator } from "./zod-validator";

// The browser's checks of a schema form (the form library's zod binding, `./zod-validator`, and the
// schema), loaded apart from the page. Used by both halves that show a form: `useSchemaForm`
// (Conform, staff and account screens) and `useDeferredSchemaForm` (the public pages' forms, which
// load the form library with their checks).

export type FormSchema = z.ZodType<Record<string, unknown>>;

/**
 * The form's checks. Given the schema itself, they load at once. Given a function that imports the
 * schema, they load when the form (`formId`) is first touched (focus, pointer, key). `ready` answers
 * a submit event: true when it may go on (checked, or the checks could not be loaded, so the server
 * checks); otherwise the submission is held and made again once the checks are there, so invalid
 * input is never sent. The schema (or the function) of the first render is the one used.
 */
export function useFormChecks<S extends FormSchema>(
  schema: S | (() => Promise<S>),
  formId: string,
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

  // A schema at hand loads the checks at once; a schema to import waits for the form's first use.
  useEffect(() => {
    if (typeof schemaSource.current !== "function") {
      void load();
      return;
    }
    const element = document.getElementById(formId);
    const events = ["focusin", "pointerdown", "keydown"] as const;
    const start = () => void load();
    for (const event of events) element?.addEventListener(event, start, { once: true });
    return () => {
      for (const event of events) element?.removeEventListener(event, start);
    };
  }, [formId, load]);

  // A submission that waited for the checks is made again once they are there (or, if they could
  // not be loaded, goes to the server as it is).
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

  const ready = (event: React.FormEvent<HTMLFormElement>): boolean => {
    if (validate || unavailable) return true;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    waiting.current = { form: event.currentTarget, submitter };
    void load();
    return false;
  };
  return { validate, ready };
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
