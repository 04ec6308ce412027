import { redirect } from "react-router";
import { clockNow } from "~/platform/clock/clock.server";
import { AppError } from "~/platform/errors/app-error";
import { requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { handleSubmissionWith } from "~/platform/forms/reply-with.server";
import {
  handleSubmission,
  parseSubmission,
  submissionOf,
} from "~/platform/forms/submission.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { createOwnerWithInvite } from "./accounts.server";
import { authContext } from "./auth-context.server";
import { authErrorMessage, authRefusal, forwardToAuth } from "./auth-forward.server";
import { SIGN_IN_TEXT_INTENT, type SignInTextSent } from "./auth-intents";
import {
  AuthIntentSchema,
  ForgotPasswordSchema,
  LoginSchema,
  OwnerSetupSchema,
  PasskeySignInSchema,
  ProviderStartSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SendSignInTextSchema,
  TwoFactorCodeSchema,
} from "./auth-schemas";
import { PHONE_RESEND_SECONDS } from "./phone/phone-schema";
import { startProviderFlow } from "./provider-flow.server";
import { CHECK_INBOX_PATH, EMAIL_CONFIRMED_PATH, safeRedirect } from "./redirect";
import { getSessionUser } from "./session.server";

// The account pages' form actions (docs/product.md#auth). Each answers with the form contract's
// reply (a refusal is an AppError on the form) or, once it succeeds, a redirect with a toast. The
// forms post to these route actions, not to the auth library, so they work without JavaScript.

type Args = { request: Request; context: AppContext };

/** Where a form that went through sends the browser, with a success toast. */
const success = (
  context: AppContext,
  to: string,
  [title, description]: [string, string],
  headers?: Headers,
) =>
  redirectWithToast(
    to,
    { type: "success", title, description },
    context.get(runtimeContext).env.AUTH_SECRET,
    {
      headers,
    },
  );

const SIGNED_IN: [string, string] = ["Signed in successfully", "Welcome back!"];

/** /auth: the Login and Register tabs, told apart by their `intent`. */
export async function answerSignInForm({ request, context }: Args) {
  const form = await readForm(request);
  if (form.get("intent") === "passkey") return passkeySignIn(request, context, form);
  if (form.get("intent") === "provider") {
    const redirectTo = safeRedirect(form.get("redirectTo"));
    return handleSubmission(submissionOf(form, ProviderStartSchema), async ({ provider }) => {
      throw await startProviderFlow(request, context, {
        provider,
        mode: "sign-in",
        callbackURL: redirectTo,
        errorCallbackURL: `/auth?redirectTo=${encodeURIComponent(redirectTo)}`,
      });
    });
  }
  if (requireIntent(AuthIntentSchema, form) === "register") return register(request, context, form);
  return handleSubmission(submissionOf(form, LoginSchema), async (input) => {
    // The confirmation link it sends an unconfirmed account lands where a sign-up's does.
    const answer = await forwardToAuth<{ twoFactorRedirect?: boolean }>(
      request,
      context,
      "/sign-in/email",
      { ...input, rememberMe: true, callbackURL: EMAIL_CONFIRMED_PATH },
    );
    if (!answer.ok) throw authRefusal(answer, "Failed to login");
    const redirectTo = safeRedirect(form.get("redirectTo"));
    if (answer.body.twoFactorRedirect) {
      throw redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
        headers: answer.cookies,
      });
    }
    throw await success(context, redirectTo, SIGNED_IN, answer.cookies);
  });
}

/**
 * /auth's passkey sign-in: the browser posts the authenticator's signed answer here, the passkey
 * plugin checks it against the challenge in its cookie, and the sign-in ends as a password one does.
 */
function passkeySignIn(request: Request, context: AppContext, form: FormData) {
  return handleSubmission(submissionOf(form, PasskeySignInSchema), async ({ response }) => {
    const answer = await forwardToAuth(request, context, "/passkey/verify-authentication", {
      response,
    });
    if (!answer.ok) throw authRefusal(answer, "That passkey could not sign you in.");
    throw await success(context, safeRedirect(form.get("redirectTo")), SIGNED_IN, answer.cookies);
  });
}

function register(request: Request, context: AppContext, form: FormData) {
  return handleSubmission(submissionOf(form, RegisterSchema), async (input) => {
    const answer = await forwardToAuth(request, context, "/sign-up/email", {
      email: input.email,
      password: input.password,
      name: input.email.split("@")[0],
      callbackURL: EMAIL_CONFIRMED_PATH,
    });
    if (!answer.ok) throw authRefusal(answer, "Failed to register");
    const signedUp = "Signed up successfully";
    if (context.get(runtimeContext).env.REQUIRE_EMAIL_VERIFICATION) {
      // A page of its own (/auth with a notice), so the form starts empty and the notice stays.
      const description = "Please check your email to confirm your account.";
      throw await success(context, CHECK_INBOX_PATH, [signedUp, description]);
    }
    throw await success(context, "/", [signedUp, "Welcome!"], answer.cookies);
  });
}

/** /auth/forgot-password: the same answer whether or not the address has an account. */
export async function answerForgotPasswordForm({ request, context }: Args) {
  const submission = await parseSubmission(request, ForgotPasswordSchema);
  return handleSubmission(submission, async ({ email }) => {
    const answer = await forwardToAuth(request, context, "/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    if (!answer.ok && answer.status === 429) throw authRefusal(answer, "");
  });
}

/** /auth/reset-password: a refused link or password is a 400 with the library's sentence. */
export async function answerResetPasswordForm({ request, context }: Args) {
  const submission = await parseSubmission(request, ResetPasswordSchema);
  return handleSubmission(submission, async ({ password, token }) => {
    const answer = await forwardToAuth(request, context, "/reset-password", {
      newPassword: password,
      token,
    });
    if (!answer.ok) {
      const fallback = "This reset link is invalid or has expired.";
      throw new AppError("invalid", authErrorMessage(answer, fallback));
    }
    throw await success(context, "/auth", [
      "Password changed",
      "Sign in with your new password. Your API keys were revoked; your profile's Security section lists the passkeys and linked accounts that remain.",
    ]);
  });
}

/** /auth/setup-owner: the one-time link's token travels in a hidden field, judged by the invite. */
export async function answerOwnerSetupForm({ request, context }: Args) {
  const { db } = context.get(runtimeContext);
  const auth = context.get(authContext);
  const submission = await parseSubmission(request, OwnerSetupSchema);
  const token = submission.payload.token;
  return handleSubmission(submission, async ({ email, password }) => {
    await createOwnerWithInvite(auth, db, {
      token: typeof token === "string" ? token : "",
      email,
      password,
    });
    // The person who just chose the password is signed in with it, as a sign-in form would.
    const answer = await forwardToAuth(request, context, "/sign-in/email", {
      email,
      password,
      rememberMe: true,
    });
    if (!answer.ok) {
      throw await success(context, "/auth", [
        "Owner account created",
        "Sign in to manage the studio.",
      ]);
    }
    // Home, where the first-run checklist waits (an empty inbox says nothing to a new owner).
    throw await success(
      context,
      "/",
      ["Owner account created", "You are signed in as the owner."],
      answer.cookies,
    );
  });
}

/**
 * Where the mailed confirmation link lands (the auth library redirects here once it has checked the
 * token, signing the person in): "Email confirmed" on the home page when signed in, on /auth when
 * the link was confirmed before (it signs nobody in then), or why the link did not work.
 */
export async function answerEmailConfirmation({ request, context }: Args) {
  if (new URL(request.url).searchParams.has("error")) {
    return redirectWithToast(
      "/auth",
      {
        type: "error",
        title: "This confirmation link is invalid or has expired",
        description: "Sign in to get a new one.",
      },
      context.get(runtimeContext).env.AUTH_SECRET,
    );
  }
  if (await getSessionUser(request, context)) {
    return success(context, "/", [
      "Email confirmed",
      "Your account is ready, and you are signed in.",
    ]);
  }
  return success(context, "/auth", ["Email confirmed", "Sign in to continue."]);
}

/** /auth/two-factor: a 6-digit code from the app or a text message, or a backup code. */
export async function answerTwoFactorForm({ request, context }: Args) {
  const form = await readForm(request);
  if (form.get("intent") === SIGN_IN_TEXT_INTENT) return sendSignInText(request, context, form);
  return handleSubmission(submissionOf(form, TwoFactorCodeSchema), async (input) => {
    const sixDigits = /^\d{6}$/.test(input.code);
    const path = !sixDigits
      ? "/two-factor/verify-backup-code"
      : input.method === "phone"
        ? "/two-factor/verify-otp"
        : "/two-factor/verify-totp";
    const answer = await forwardToAuth(request, context, path, {
      code: input.code,
      trustDevice: input.trustDevice === "on",
    });
    if (!answer.ok) {
      // The app's and the backup codes' refusals keep the plugin's own words ("Invalid code").
      const texted = path === "/two-factor/verify-otp";
      const worded = texted ? TEXT_CODE_WORDS[answer.body.code ?? ""] : undefined;
      throw new AppError(
        "invalid",
        worded ?? authErrorMessage(answer, "That code did not work. Try again."),
      );
    }
    throw await success(context, safeRedirect(form.get("redirectTo")), SIGNED_IN, answer.cookies);
  });
}

/** The plugin's codes for a text message's code, in the page's words. */
const TEXT_CODE_WORDS: Record<string, string> = {
  INVALID_CODE: "That code is not right. Check the text message and try again.",
  OTP_HAS_EXPIRED: "This code has expired or was used. Ask for a new code.",
};

/** The two-factor step's "Text me a code": the answer the page shows (where, and when to resend). */
function sendSignInText(request: Request, context: AppContext, form: FormData) {
  return handleSubmissionWith(
    submissionOf(form, SendSignInTextSchema),
    async (): Promise<SignInTextSent> => {
      const answer = await forwardToAuth(request, context, "/two-factor/send-otp", {});
      if (!answer.ok) {
        throw new AppError(
          answer.status === 429 ? "too_many" : answer.status === 503 ? "unavailable" : "invalid",
          authErrorMessage(answer, "The code could not be sent. Try again later."),
          { retryAfterSeconds: answer.retryAfterSeconds ?? undefined },
        );
      }
      const now = clockNow().getTime();
      return {
        kind: "text-sent",
        resendAt: new Date(now + PHONE_RESEND_SECONDS * 1000).toISOString(),
      };
    },
  );
}

/** What the two-factor step offers the waiting sign-in: its app, its phone (masked), or neither. */
export async function twoFactorChoices(request: Request, context: AppContext) {
  return context
    .get(authContext)
    .api.pendingFactors({ headers: request.headers })
    .catch(() => ({ phone: null, app: true }));
}
