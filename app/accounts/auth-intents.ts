// The /auth page's two forms, named by the `intent` each posts (zod-free: the page shows them
// before zod loads).

export const AUTH_INTENTS = ["login", "register"] as const;

/** Whether a value names one of the /auth page's two forms. */
export function isAuthIntent(value: unknown): value is (typeof AUTH_INTENTS)[number] {
  return AUTH_INTENTS.includes(value as never);
}

/** The two-factor step's "Text me a code" (app/accounts/phone). */
export const SIGN_IN_TEXT_INTENT = "send-text";

/** What "Text me a code" answers: a code is on its way; another may be asked for at `resendAt`. */
export type SignInTextSent = { kind: "text-sent"; resendAt: string };
