import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { profiles, sessions, userPreferences, userRoles, users } from "~/db/schema";
import type { Auth } from "./auth.server";

// A signed-in page reads its viewer in one round trip: the session cookie's signature is checked
// here (as the auth library signs it: HMAC-SHA256 of the token with the secret), then one query
// reads the session with its user, role, profile and theme. Whatever the library must do itself
// (extend a session due for it, delete an expired one, a "don't remember me" session, a header
// with two session cookies) goes to the library's getSession instead.

/** The viewer's row: the session and what the site shows of its account. */
export type ViewerRow = {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  createdAt: Date;
  twoFactorEnabled: boolean | null;
  role: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  themePreference: string | null;
};

/** The session token a cookie value carries, when its signature is the secret's; null if not. */
export function verifiedToken(value: string, secret: string): string | null {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Left as it is, as the library's cookie parser does.
  }
  const dot = decoded.lastIndexOf(".");
  if (dot < 1) return null;
  const token = decoded.slice(0, dot);
  const signature = decoded.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Every value of the cookie `name` in a Cookie header. */
function cookieValues(header: string, name: string): string[] {
  const values: string[] = [];
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

/**
 * The viewer of this Cookie header in one query: a row, null for no valid session (a cookie that
 * is not signed by us, or names no session), or "library" when the auth library must answer.
 */
export async function viewerByCookie(
  db: Database,
  auth: Auth,
  header: string,
): Promise<ViewerRow | null | "library"> {
  const { authCookies, secret, sessionConfig } = await auth.$context;
  const found = cookieValues(header, authCookies.sessionToken.name);
  if (found.length !== 1) return found.length === 0 ? null : "library";
  if (cookieValues(header, authCookies.dontRememberToken.name).length > 0) return "library";
  const token = verifiedToken(found[0] ?? "", secret);
  if (!token) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      createdAt: users.createdAt,
      twoFactorEnabled: users.twoFactorEnabled,
      role: userRoles.role,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      themePreference: userPreferences.themePreference,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(sessions.token, token));
  if (!row) return null;
  const now = Date.now();
  // Expired (the library deletes it) or due to be extended (the library extends it): its call.
  const { expiresIn, updateAge } = sessionConfig;
  if (row.expiresAt.getTime() <= now) return "library";
  if (row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now) return "library";
  return row;
}

/**
 * The account's sessions that have not expired (the profile's devices), read directly: the
 * library's list-sessions looks the session up again and refuses a session older than its
 * `freshAge` (a day), which left a day-old session's profile without its devices.
 */
export function listActiveSessions(db: Database, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      confirmedAt: sessions.confirmedAt,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
}
