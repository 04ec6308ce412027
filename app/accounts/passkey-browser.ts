// The browser's half of passkeys: the auth library's passkey plugin makes the
// WebAuthn options and checks the answers; SimpleWebAuthn's browser package talks to the
// authenticator. It is loaded on first use, so no page carries it before a passkey is asked for.

const AUTH_API = "/api/auth";
const PASSKEY_API = `${AUTH_API}/passkey`;

type PasskeyFailure = { ok: false; message: string; cancelled?: boolean };
export type PasskeyOutcome = { ok: true } | PasskeyFailure;

const webauthn = () => import("@simplewebauthn/browser");

async function getJson(response: Response) {
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  return { ok: response.ok, body };
}

async function post(path: string, body: unknown) {
  return getJson(
    await fetch(`${AUTH_API}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body),
    }),
  );
}

/** What went wrong, in words for the page; the user closing the browser's dialog is no error. */
function failure(error: unknown, fallback: string): PasskeyFailure {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") {
    return { ok: false, cancelled: true, message: "The passkey request was cancelled." };
  }
  if (name === "InvalidStateError") {
    return { ok: false, message: "This device already holds a passkey for your account." };
  }
  return { ok: false, message: fallback };
}

/**
 * Makes a passkey on this device for the signed-in user, under the given name; with the password
 * first when the session asks for it again (a session older than the confirmation window).
 */
export async function registerPasskey(name: string, password?: string): Promise<PasskeyOutcome> {
  const fallback = "The passkey could not be added. Please try again.";
  try {
    if (password) {
      const confirmed = await post("confirm-password", { password });
      if (!confirmed.ok) return { ok: false, message: confirmed.body.message || fallback };
    }
    const { startRegistration } = await webauthn();
    const options = await getJson(
      await fetch(`${PASSKEY_API}/generate-register-options?name=${encodeURIComponent(name)}`, {
        credentials: "same-origin",
      }),
    );
    if (!options.ok) return { ok: false, message: options.body.message || fallback };
    // biome-ignore lint/suspicious/noExplicitAny: the library's JSON is SimpleWebAuthn's own shape
    const response = await startRegistration({ optionsJSON: options.body as any });
    const verified = await post("passkey/verify-registration", { response, name });
    return verified.ok ? { ok: true } : { ok: false, message: verified.body.message || fallback };
  } catch (error) {
    return failure(error, fallback);
  }
}

export type PasskeyAssertion = { ok: true; response: string } | PasskeyFailure;

/**
 * Asks the authenticator to sign the server's challenge; the answer (JSON text) is for /auth's
 * action, which has the plugin check it and signs the user in.
 */
async function authenticate(autofill: boolean): Promise<PasskeyAssertion> {
  const fallback = "That passkey could not sign you in.";
  try {
    const { startAuthentication } = await webauthn();
    const options = await getJson(
      await fetch(`${PASSKEY_API}/generate-authenticate-options`, { credentials: "same-origin" }),
    );
    if (!options.ok) return { ok: false, message: options.body.message || fallback };
    const response = await startAuthentication({
      // biome-ignore lint/suspicious/noExplicitAny: the library's JSON is SimpleWebAuthn's own shape
      optionsJSON: options.body as any,
      useBrowserAutofill: autofill,
    });
    return { ok: true, response: JSON.stringify(response) };
  } catch (error) {
    return failure(error, fallback);
  }
}

/** A passkey the user picks in the browser's dialog. */
export const signInWithPasskey = () => authenticate(false);

/**
 * Offers the user's passkeys in the email field's autofill (WebAuthn conditional mediation), where
 * the browser supports it; resolves when one was picked (or the request ended), null when the
 * browser has no such autofill.
 */
export async function watchPasskeyAutofill(): Promise<PasskeyAssertion | null> {
  const available =
    typeof window !== "undefined" &&
    "PublicKeyCredential" in window &&
    (await PublicKeyCredential.isConditionalMediationAvailable?.().catch(() => false));
  if (!available) return null;
  return authenticate(true);
}
