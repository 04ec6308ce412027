import { and, eq } from "drizzle-orm";
import { isDatabaseUnavailable } from "~/db/availability.server";
import type { Database } from "~/db/database.server";
import { profiles, sessions, userPreferences, userRoles, users } from "~/db/schema";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { readOncePerPage } from "~/platform/server/page-reads.server";
import { parseTheme, type Theme } from "~/platform/theme/theme";
import type { Toast } from "~/platform/toast/toast";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { can, isRole, type Permission, type Role } from "~/roles";
import { authContext } from "./auth-context.server";
import { type ResolvedSession, sessionCookiesIn } from "./session-cookies.server";

export type SessionUser = {
  id: string;
  email: string;
  createdAt: string;
  twoFactorEnabled: boolean;
  sessionId: string;
  role: Role;
  displayName: string | null;
  avatarUrl: string | null;
  themePreference: Theme;
};

/**
 * The signed-in user with their role, or null. A failed lookup counts as signed out (guest). Read
 * for each request: an ended session, a new role or a new name shows on the next one.
 */
export function getSessionUser(request: Request, context: AppContext): Promise<SessionUser | null> {
  // A page's loaders (the root's and the route's) share one lookup per request; a form's request
  // (an action, which may change the user) reads afresh, and the loaders after it share one lookup
  // made after it.
  return readOncePerPage(request, context, "viewer", () => lookUpViewer(request, context));
}

async function lookUpViewer(request: Request, context: AppContext): Promise<SessionUser | null> {
  if (sessionCookiesIn(request.headers.get("cookie")).length === 0) return null;
  try {
    const result = await context.get(authContext).api.getSession({ headers: request.headers });
    if (!result) return null;
    return await withViewer(context.get(runtimeContext).db, result);
  } catch (error) {
    // An unreachable database is an outage (503), not a signed-out visitor: a signed-in page must
    // not send its reader to the sign-in form meanwhile.
    if (isDatabaseUnavailable(error)) throw error;
    context.get(runtimeContext).logger.warn({ err: error }, "session lookup failed");
    return null;
  }
}

/** The auth library's answer with the role, profile and theme, read in one round trip. */
async function withViewer(db: Database, result: ResolvedSession): Promise<SessionUser> {
  const viewer = await viewerOf(db, result.user.id);
  return {
    ...viewer,
    email: result.user.email,
    createdAt: new Date(result.user.createdAt).toISOString(),
    twoFactorEnabled: Boolean(result.user.twoFactorEnabled),
    sessionId: result.session.id,
  };
}

/**
 * The account behind an API key or a service token, as a caller of the API: its role of this
 * moment, read now (no session is kept for it). Null when the account is gone.
 */
export async function callerById(db: Database, userId: string): Promise<SessionUser | null> {
  const viewer = await viewerOf(db, userId);
  if (!viewer.email) return null;
  return { ...viewer, email: viewer.email, sessionId: "" };
}

async function viewerOf(db: Database, userId: string) {
  const [extras] = await db
    .select({
      email: users.email,
      createdAt: users.createdAt,
      twoFactorEnabled: users.twoFactorEnabled,
      role: userRoles.role,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      themePreference: userPreferences.themePreference,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return {
    id: userId,
    email: extras?.email ?? null,
    createdAt: (extras?.createdAt ?? new Date(0)).toISOString(),
    twoFactorEnabled: Boolean(extras?.twoFactorEnabled),
    displayName: extras?.displayName ?? null,
    avatarUrl: extras?.avatarUrl ?? null,
    themePreference: parseTheme(extras?.themePreference),
    role: extras?.role && isRole(extras.role) ? extras.role : ("guest" as Role),
  };
}

/** /auth with the page asked for, so that signing in comes back to it (safeRedirect checks it). */
export function signInPath(request: Request): string {
  const url = new URL(request.url);
  return `/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Signed-in users only; others go to /auth (and come back after signing in). */
export async function requireUser(request: Request, context: AppContext): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (user) return user;
  throw await redirectWithToast(
    signInPath(request),
    { type: "info", title: "Please sign in to continue." },
    context.get(runtimeContext).env.AUTH_SECRET,
  );
}

/** The guards of docs/product.md#guards: who lacks the permission is redirected with its toast. */
const REFUSALS: Partial<Record<Permission, { to: string; toast: Toast }>> = {
  canAccessAdmin: {
    to: "/auth",
    toast: {
      type: "error",
      title: "Unauthorized",
      description: "You must be a moderator or higher to access this page",
    },
  },
  canManageRoles: {
    to: "/",
    toast: { type: "error", title: "Only owners can access role management" },
  },
};

export async function requirePermission(
  request: Request,
  context: AppContext,
  permission: Permission,
): Promise<SessionUser> {
  const user = await getSessionUser(request, context);
  if (user && can(user.role, permission)) return user;
  const refusal = REFUSALS[permission] ?? {
    to: "/",
    toast: {
      type: "error",
      title: "Unauthorized",
      description: "You do not have permission to do that.",
    },
  };
  // Signed out (an expired session, say) and sent to sign in: come back here afterwards. A signed-in
  // user without the permission would only be refused again, so they get no way back.
  const to = !user && refusal.to === "/auth" ? signInPath(request) : refusal.to;
  throw await redirectWithToast(to, refusal.toast, context.get(runtimeContext).env.AUTH_SECRET);
}

/** For pages only signed-out visitors use (/auth): a signed-in user is sent to /. */
export async function requireAnonymous(request: Request, context: AppContext): Promise<void> {
  if (await getSessionUser(request, context))
    throw new Response(null, { status: 302, headers: { Location: "/" } });
}

/** Signs out one of the user's own sessions; false when it is not theirs or does not exist. */
export async function revokeSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  // Session ids are short word characters; anything else (a NUL, say) is no session of ours.
  if (!/^[\w-]{1,128}$/.test(sessionId)) return false;
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}
