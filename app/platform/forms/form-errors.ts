import type { z } from "zod";

export type FieldErrors<Keys extends string = string> = Partial<Record<Keys, string>>;

export type FormParse<T> =
  | { success: true; data: T }
  | { success: false; errors: FieldErrors<Extract<keyof T, string>> };

/**
 * Runs one form schema over submitted values and keeps the first message per field: the browser
 * shows exactly what the server would answer.
 */
export function parseForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  values: FormData | Record<string, unknown>,
): FormParse<z.infer<S>> {
  const input = values instanceof FormData ? Object.fromEntries(values) : values;
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { success: false, errors: errors as FieldErrors<Extract<keyof z.infer<S>, string>> };
}
