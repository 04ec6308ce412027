import { redirect } from "react-router";
import { AppError } from "~/platform/errors/app-error";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { authContext } from "./auth-context.server";
import { authErrorMessage, forwardToAuth } from "./auth-forward.server";
import type { ProviderId } from "./providers";
import { isProviderId } from "./providers.server";

// Starting a provider's authorization-code flow: the auth library makes the state
// and the PKCE verifier, keeps them, and answers with the provider's address; the browser goes
// there with the library's cookies. The provider sends it back to the library's callback, which
// signs in (or links) and then sends it to `callbackURL`, or to `errorCallbackURL?error=…`.

const PROVIDER_UNREACHABLE =
  "That sign-in service could not be reached. Please try again in a moment.";
const RETURN_REFUSED =
  "The page to return to after signing in is not a valid address on this site.";
/** The library's refusals of the addresses it sends the browser back to. */
const RETURN_REFUSALS = new Set(["INVALID_CALLBACK_URL", "INVALID_ERROR_CALLBACK_URL"]);

type Flow<P extends string = ProviderId> = {
  /** As the form sent it: refused unless it names a configured provider. */
  provider: P;
  mode: "sign-in" | "link";
  callbackURL: string;
  errorCallbackURL: string;
};

// The generic OpenID Connect provider is one of the library's social providers too: the same
// endpoints serve all four.
function endpointOf({ provider, mode, callbackURL, errorCallbackURL }: Flow) {
  const body = { provider, callbackURL, errorCallbackURL };
  return mode === "link" ? { path: "/link-social", body } : { path: "/sign-in/social", body };
}

export async function startProviderFlow(
  request: Request,
  context: AppContext,
  { provider, ...flow }: Flow<string>,
) {
  if (!isProviderId(provider, context.get(runtimeContext).env)) {
    throw new AppError("invalid", "That sign-in service is not available.");
  }
  // The library's own check of the addresses it will send the browser back to, asked here so that
  // a refused one is told as such and the provider is never contacted for it.
  const auth = await context.get(authContext).$context;
  for (const url of [flow.callbackURL, flow.errorCallbackURL]) {
    if (!auth.isTrustedOrigin(url, { allowRelativePaths: true })) {
      throw new AppError("invalid", RETURN_REFUSED);
    }
  }
  const { path, body } = endpointOf({ provider, ...flow });
  const answer = await forwardToAuth<{ url?: string }>(request, context, path, body);
  const url = answer.body.url;
  if (!answer.ok || typeof url !== "string") {
    context
      .get(runtimeContext)
      .logger.warn(
        { status: answer.status, code: answer.body.code, provider },
        `auth: a provider's ${flow.mode} could not start: ${answer.body.message ?? ""}`,
      );
    if (RETURN_REFUSALS.has(answer.body.code ?? "")) throw new AppError("invalid", RETURN_REFUSED);
    // The provider is configured (checked above): the library fails to start its flow when
    // it cannot read the provider's discovery document ("Provider not found"), so it is down.
    if (answer.status === 429) {
      throw new AppError("too_many", authErrorMessage(answer, PROVIDER_UNREACHABLE), {
        retryAfterSeconds: answer.retryAfterSeconds ?? undefined,
      });
    }
    throw new AppError("unavailable", PROVIDER_UNREACHABLE);
  }
  return redirect(url, { headers: answer.cookies });
}

/** What /auth says when a provider's sign-in came back refused (`?error=` from the library). */
export function providerErrorMessage(code: string | null): string | null {
  if (!code) return null;
  switch (code.toLowerCase()) {
    case "account_not_linked":
      return "An account with that e-mail address already exists, and the sign-in service did not confirm the address is yours. Sign in with your password, then link the service from your profile.";
    case "email_not_verified_by_provider":
    case "unable_to_create_user":
      return "That sign-in service did not confirm your e-mail address, so no account was made with it. Register with your e-mail address instead.";
    case "access_denied":
      return "The sign-in was cancelled.";
    case "email_doesn't_match":
    case "email_doesnt_match":
      return "That account's e-mail address is not the one of your account here.";
    case "unable_to_link_account":
      return "That account could not be linked. It may already belong to another user.";
    case "state_mismatch":
    case "please_restart_the_process":
    case "invalid_state":
      return "The sign-in took too long or was started elsewhere. Please try again.";
    default:
      return "Signing in with that service did not work. Please try again.";
  }
}
