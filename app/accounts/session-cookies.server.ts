// The session cookie in a Cookie header, read without asking the auth library: a request without
// one is a guest's, and the pages' Cache-Control tells them apart.

/** The part of the auth library's session answer the site reads. */
export type ResolvedSession = {
  user: { id: string; email: string; createdAt: Date | string; twoFactorEnabled?: boolean | null };
  session: { id: string; expiresAt: Date | string };
};

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?studio\.session_token=([^;]*)/g;

/** Every session cookie in a Cookie header (`studio.session_token`, or its `__Secure-` form). */
export function sessionCookiesIn(header: string | null): string[] {
  if (!header) return [];
  return [...header.matchAll(SESSION_COOKIE)].map((match) => match[1] ?? "");
}
