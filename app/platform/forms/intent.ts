import { data } from "react-router";
import type { z } from "zod";

// A form that does several things names the one it wants in its `intent` field. Each action takes
// its intents from a closed set (a zod enum): a name outside it, `constructor` or `__proto__`
// included, is the client's mistake and changes nothing.

export const UNKNOWN_INTENT = "This form was not recognised. Reload the page and try again.";

/** The submitted intent when the schema knows it, else null. */
export function parseIntent<T extends string>(schema: z.ZodType<T>, form: FormData): T | null {
  const result = schema.safeParse(form.get("intent"));
  return result.success ? result.data : null;
}

/** The submitted intent, or a thrown 400 whose message the error boundary shows. */
export function requireIntent<T extends string>(schema: z.ZodType<T>, form: FormData): T {
  const intent = parseIntent(schema, form);
  if (intent === null) throw data(UNKNOWN_INTENT, 400);
  return intent;
}
