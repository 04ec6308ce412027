import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from "better-auth/api";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/database.server";
import { sessions } from "~/db/schema";
import { CONFIRMATION_MINUTES, CONFIRMATION_REQUIRED } from "./confirmation";

// Adding a way into the account (an API key, a passkey, a linked sign-in service, an authenticator
// app) needs the password entered within the last minutes, as GitHub's sudo mode does: a session
// cookie taken from a browser cannot plant a credential that outlives a password change. Signing
// in counts (the session's creation); so does the password entered again, recorded per session.

const WINDOW_MS = CONFIRMATION_MINUTES * 60 * 1000;

/** Whether the session signed in, or had its password entered again, within the window. */
export async function isRecentlyConfirmed(db: Database, sessionId: string, now = Date.now()) {
  if (!sessionId) return false;
  const [row] = await db
    .select({ createdAt: sessions.createdAt, confirmedAt: sessions.confirmedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return confirmedWithin(row, now);
}

/**
 * Records the session as confirmed now: the password entered again, or a sign-in factor verified
 * from it (the API's verify). False when there is no such session.
 */
export async function confirmSession(db: Database, sessionId: string): Promise<boolean> {
  if (!sessionId) return false;
  const confirmed = await db
    .update(sessions)
    .set({ confirmedAt: new Date() })
    .where(eq(sessions.id, sessionId))
    .returning({ id: sessions.id });
  return confirmed.length > 0;
}

/** The same rule on a session row already read (the profile reads its devices' rows anyway). */
export function confirmedWithin(
  row: { createdAt: Date; confirmedAt: Date | null } | undefined,
  now = Date.now(),
): boolean {
  if (!row) return false;
  const last = Math.max(row.createdAt.getTime(), row.confirmedAt?.getTime() ?? 0);
  return now - last < WINDOW_MS;
}

/** The endpoints that add a credential from a signed-in session. */
const CREDENTIAL_PATHS = new Set([
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
  "/link-social",
]);

/**
 * The library's face of the rule: POST /confirm-password records the password entered again for
 * the session; the endpoints that add a credential refuse (403) a session not confirmed lately.
 */
export function credentialConfirmation(db: Database): BetterAuthPlugin {
  return {
    id: "studio-credential-confirmation",
    endpoints: {
      confirmPassword: createAuthEndpoint(
        "/confirm-password",
        {
          method: "POST",
          body: z.object({ password: z.string().max(200) }),
          use: [sessionMiddleware],
        },
        async (ctx) => {
          const { session, user } = ctx.context.session;
          const accounts = await ctx.context.internalAdapter.findAccounts(user.id);
          const hash = accounts.find((a) => a.providerId === "credential")?.password;
          const valid =
            typeof hash === "string" &&
            (await ctx.context.password.verify({ hash, password: ctx.body.password }));
          if (!valid) {
            throw new APIError("BAD_REQUEST", {
              message: "Invalid password",
              code: "INVALID_PASSWORD",
            });
          }
          await confirmSession(db, session.id);
          return ctx.json({ status: true });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (context) => CREDENTIAL_PATHS.has(context.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const found = await getSessionFromCtx(ctx);
            // No session: the endpoint's own check answers 401.
            if (!found) return;
            if (await isRecentlyConfirmed(db, found.session.id)) return;
            throw new APIError("FORBIDDEN", {
              message: CONFIRMATION_REQUIRED,
              code: "CONFIRMATION_REQUIRED",
            });
          }),
        },
      ],
    },
  };
}
