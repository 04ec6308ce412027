import { useState } from "react";
import type { z } from "zod";
import { type FieldErrors, parseForm } from "./form-errors";

/**
 * Runs a form's schema in the browser on submit: a form with errors is not sent and shows the very
 * messages the server would. Until the first submit, the server's errors (if any) are shown.
 */
export function useValidatedForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  serverErrors?: FieldErrors,
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  return {
    errors: (clientErrors ?? serverErrors ?? {}) as FieldErrors,
    onSubmit(event: React.FormEvent<HTMLFormElement>) {
      const parsed = parseForm(schema, new FormData(event.currentTarget));
      setClientErrors(parsed.success ? {} : (parsed.errors as FieldErrors));
      if (!parsed.success) event.preventDefault();
    },
  };
}
