import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

// Loaded by `useSchemaForm` when a form is about to be used: the form library's zod
// binding and, with the schema, zod itself stay out of a page's first scripts.

/** Checks a form's data with its schema, as the action does on the server. */
export function zodValidator<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  return (formData: FormData) => parseWithZod(formData, { schema, disableAutoCoercion: true });
}

export type Validator<S extends z.ZodType<Record<string, unknown>>> = ReturnType<
  typeof zodValidator<S>
>;
