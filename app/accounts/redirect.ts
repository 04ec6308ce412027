/** Only same-site paths: `redirectTo` can never send someone to another site. */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.startsWith("/\\") ||
    // It becomes a Location header: printable ASCII only (paths arrive percent-encoded).
    !/^[\x21-\x7e]*$/.test(target)
  ) {
    return fallback;
  }
  return target;
}

/** Where the mailed confirmation link lands, once the auth library has checked it. */
export const EMAIL_CONFIRMED_PATH = "/auth/email-confirmed";

/** /auth's search parameter for its "Check your inbox" notice, after a sign-up. */
export const CHECK_INBOX_PARAM = "check-inbox";
export const CHECK_INBOX_PATH = `/auth?${CHECK_INBOX_PARAM}`;
