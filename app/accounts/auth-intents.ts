// The /auth page's two forms, named by the `intent` each posts (zod-free: the page shows them
// before zod loads).

export const AUTH_INTENTS = ["login", "register"] as const;

/** Whether a value names one of the /auth page's two forms. */
export function isAuthIntent(value: unknown): value is (typeof AUTH_INTENTS)[number] {
  return AUTH_INTENTS.includes(value as never);
}
