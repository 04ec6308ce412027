import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";

// Two-factor after a provider sign-in. The two-factor plugin asks for the code after
// the password step only; a provider's return would sign an account with two-factor on straight
// in, so a stolen provider account would skip the code. This hook does to the provider's new
// session what the plugin does to the password step's: the session is dropped, the plugin's own
// pending-step cookie and records are made, and the browser goes to /auth/two-factor, where the
// plugin's verify endpoints (and their attempt limit) finish the sign-in.

/** The provider's return, as the auth library names the endpoint. */
export const PROVIDER_CALLBACK_PATH = "/callback/:id";

/** The two-factor plugin's cookie naming a sign-in that waits for its code (not exported by it). */
export const TWO_FACTOR_COOKIE = "two_factor";
/** As long as the password step's pending sign-in (the plugin's default). */
const PENDING_SECONDS = 600;

export function providerSecondFactor(): BetterAuthPlugin {
  return {
    id: "provider-second-factor",
    hooks: {
      after: [
        {
          matcher: (context) => context.path === PROVIDER_CALLBACK_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn?.user.twoFactorEnabled) return;

            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);

            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + PENDING_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: signedIn.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: "0",
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, {
              maxAge: PENDING_SECONDS,
            });
            await ctx.setSignedCookie(
              cookie.name,
              identifier,
              ctx.context.secret,
              cookie.attributes,
            );

            throw ctx.redirect(
              `/auth/two-factor?redirectTo=${encodeURIComponent(landing(ctx.context.returned))}`,
            );
          }),
        },
      ],
    },
  };
}

/** Where the provider's return was sending the browser, as a path (the page checks it again). */
function landing(returned: unknown): string {
  const headers = (returned as { headers?: HeadersInit } | null)?.headers;
  const location = headers ? new Headers(headers).get("location") : null;
  if (!location) return "/";
  try {
    const url = new URL(location, "http://site.invalid");
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}
