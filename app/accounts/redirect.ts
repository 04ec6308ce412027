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
