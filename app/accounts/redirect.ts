/** Only same-site paths: `redirectTo` can never send someone to another site. */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (
    typeof target !== "string" ||
    !target.startsWith("/") ||
    target.startsWith("//") ||
    target.startsWith("/\\")
  ) {
    return fallback;
  }
  return target;
}
