import QRCode from "qrcode";
import type { AppLoadContext } from "react-router";
import { AppError } from "~/platform/errors/app-error";
import { requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { handleSubmissionWith } from "~/platform/forms/reply-with.server";
import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import {
  ProfileIntentSchema,
  ProfileSchema,
  RevokeSessionSchema,
  SaveThemeSchema,
  SettingsSchema,
} from "~/profiles";
import { savePreferences, saveThemePreference, updateProfile } from "~/profiles/index.server";
import { createApiKey, revokeApiKey } from "./api-keys.server";
import { authErrorMessage, forwardToAuth } from "./auth-forward.server";
import {
  ChangePasswordSchema,
  CreateApiKeySchema,
  type CreatedApiKey,
  LinkProviderSchema,
  PasswordConfirmSchema,
  RemovePasskeySchema,
  RenameFactorSchema,
  RevokeApiKeySchema,
  TwoFactorCodeSchema,
  type TwoFactorEnrolment,
  UnlinkIdentitySchema,
} from "./auth-schemas";
import { CONFIRMATION_REQUIRED } from "./confirmation";
import { isRecentlyConfirmed } from "./confirmation.server";
import { listFactors, removePasskey, renameFactor } from "./factors.server";
import { LastWayInError, unlinkIdentity } from "./identities.server";
import { startProviderFlow } from "./provider-flow.server";
import { getSessionUser, revokeSession } from "./session.server";

// The /profile writes (docs/product.md#profile). Each acts on the signed-in user only; there is no
// way to name another. Each answers with the form contract's reply (a refusal is an AppError on the
// form that sent it) or, once it succeeds, a redirect back with a toast.

/** A refused auth call keeps the status the page always had: 400. */
const refused = (answer: Parameters<typeof authErrorMessage>[0], fallback: string) =>
  new AppError("invalid", authErrorMessage(answer, fallback));

/** The /profile action: a signed-out visitor is sent to sign in and brought back. */
export async function answerProfileForm({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}) {
  const { db, env, logger } = context.runtime;
  const user = await getSessionUser(request, context);
  if (!user) {
    return redirectWithToast(
      "/auth?redirectTo=/profile",
      { type: "info", title: "Please sign in to continue." },
      env.AUTH_SECRET,
    );
  }
  const form = await readForm(request);
  const intent = requireIntent(ProfileIntentSchema, form);
  const done = (title: string, description?: string, headers?: Headers, to = "/profile") =>
    redirectWithToast(to, { type: "success", title, description }, env.AUTH_SECRET, { headers });
  /** A store failure is reported and answered as it always was: 500 with the spec's sentence. */
  const storeOr500 = async (message: string, write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      logger.error({ err: error }, message);
      throw new AppError("internal", message);
    }
  };

  /**
   * Adding a credential: the session signed in or confirmed lately, or the password in the same
   * form, recorded for the next minutes (confirmation.server.ts).
   */
  const confirmRecently = async (password: string | undefined) => {
    if (await isRecentlyConfirmed(db, user.sessionId)) return;
    if (!password) {
      throw new AppError("forbidden", CONFIRMATION_REQUIRED, {
        fields: { password: CONFIRMATION_REQUIRED },
        code: "confirmation_required",
      });
    }
    const answer = await forwardToAuth(request, context, "/confirm-password", { password });
    if (!answer.ok) {
      const message = authErrorMessage(answer, "Invalid password");
      throw new AppError(answer.status === 429 ? "too_many" : "invalid", message, {
        fields: { password: message },
        retryAfterSeconds: answer.retryAfterSeconds ?? undefined,
      });
    }
  };

  switch (intent) {
    case "profile":
      return handleSubmission(submissionOf(form, ProfileSchema), async (input) => {
        await storeOr500("Failed to update profile", () =>
          updateProfile(context.runtime, user.id, input),
        );
        throw await done("Profile updated successfully");
      });
    case "settings":
      return handleSubmission(submissionOf(form, SettingsSchema), async (input) => {
        await storeOr500("Failed to update settings", () =>
          savePreferences(context.runtime, user.id, input),
        );
        throw await done(
          "Settings updated successfully",
          undefined,
          undefined,
          "/profile?tab=settings",
        );
      });
    case "save-theme":
      return handleSubmission(submissionOf(form, SaveThemeSchema), async ({ theme }) => {
        await saveThemePreference(context.runtime, user.id, theme);
      });
    case "enable-2fa":
      return handleSubmissionWith(
        submissionOf(form, PasswordConfirmSchema),
        async ({ password }): Promise<TwoFactorEnrolment> => {
          const answer = await forwardToAuth<{ totpURI: string; backupCodes: string[] }>(
            request,
            context,
            "/two-factor/enable",
            { password },
          );
          if (!answer.ok) {
            throw refused(answer, "Two-factor authentication could not be turned on.");
          }
          const qrDataUrl = await QRCode.toDataURL(answer.body.totpURI, { margin: 1, width: 220 });
          return {
            qrDataUrl,
            secretUri: answer.body.totpURI,
            backupCodes: answer.body.backupCodes,
          };
        },
      );
    case "confirm-2fa":
      return handleSubmission(submissionOf(form, TwoFactorCodeSchema), async ({ code }) => {
        const answer = await forwardToAuth(request, context, "/two-factor/verify-totp", { code });
        if (!answer.ok) {
          throw refused(answer, "That code did not work. Check your app's clock and try again.");
        }
        throw await done(
          "Two-factor authentication is on",
          "You will be asked for a code when you sign in.",
          answer.cookies,
        );
      });
    case "disable-2fa":
      return handleSubmission(submissionOf(form, PasswordConfirmSchema), async ({ password }) => {
        const answer = await forwardToAuth(request, context, "/two-factor/disable", { password });
        if (!answer.ok) {
          throw refused(answer, "Two-factor authentication could not be turned off.");
        }
        throw await done("Two-factor authentication is off");
      });
    case "change-password":
      return handleSubmission(submissionOf(form, ChangePasswordSchema), async (input) => {
        const answer = await forwardToAuth(request, context, "/change-password", {
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          revokeOtherSessions: true,
        });
        if (!answer.ok) throw refused(answer, "The password could not be changed.");
        // The keys, passkeys and linked services still work: the Security section lists them.
        throw await done(
          "Password changed",
          "Your other devices have been signed out. Your API keys, passkeys and linked accounts still work: check them below.",
          answer.cookies,
          "/profile#security",
        );
      });
    case "revoke-session":
      return handleSubmission(submissionOf(form, RevokeSessionSchema), async ({ sessionId }) => {
        // By session id, never by token: other sessions' tokens are credentials and stay off the page.
        if (!(await revokeSession(db, user.id, sessionId))) {
          throw new AppError("not_found", "That device could not be signed out.");
        }
        // No process may accept the signed-out device's session after this answer.
        await context.runtime.caches.sessionsChanged(db);
        throw await done("Device signed out");
      });
    case "rename-factor":
      return handleSubmission(submissionOf(form, RenameFactorSchema), async (input) => {
        if (!(await renameFactor(db, user.id, input.factorId, input.name))) {
          throw new AppError("not_found", "That sign-in method could not be found.");
        }
        throw await done("Name saved");
      });
    case "remove-passkey":
      return handleSubmission(submissionOf(form, RemovePasskeySchema), async (input) => {
        const factors = await listFactors(db, user.id);
        const factor = factors.find((f) => f.id === input.factorId && f.type === "webauthn");
        if (!factor) throw new AppError("not_found", "That passkey could not be found.");
        // The last factor of an account goes only with its password (the spec's rule).
        const othersLeft = factors.some((f) => f.id !== factor.id && f.status === "verified");
        if (!othersLeft) {
          if (!input.password) {
            throw new AppError("invalid", "Enter your password to remove your last passkey.", {
              fields: { password: "Enter your password to remove your last passkey." },
            });
          }
          // A server call: the library's check, not an endpoint open to the web.
          const check = await context.runtime.auth.api
            .verifyPassword({ body: { password: input.password }, headers: request.headers })
            .catch(() => ({ status: false }));
          if (!check.status) {
            throw new AppError("invalid", "Invalid password", {
              fields: { password: "Invalid password" },
            });
          }
        }
        if (!(await removePasskey(db, user.id, factor.id))) {
          throw new AppError("not_found", "That passkey could not be found.");
        }
        throw await done("Passkey removed");
      });
    case "create-api-key":
      return handleSubmissionWith(
        submissionOf(form, CreateApiKeySchema),
        async ({ name, password }): Promise<CreatedApiKey> => {
          await confirmRecently(password);
          return { kind: "api-key", name, key: await createApiKey(context, user, name) };
        },
      );
    case "revoke-api-key":
      return handleSubmission(submissionOf(form, RevokeApiKeySchema), async ({ keyId }) => {
        if (!(await revokeApiKey(db, user.id, keyId))) {
          throw new AppError("not_found", "That API key could not be found.");
        }
        throw await done("API key revoked", "Requests with it are refused from now on.");
      });
    case "link-provider":
      return handleSubmission(submissionOf(form, LinkProviderSchema), async (input) => {
        await confirmRecently(input.password);
        const { provider } = input;
        throw await startProviderFlow(request, context, {
          provider,
          mode: "link",
          callbackURL: "/profile",
          errorCallbackURL: "/profile",
        });
      });
    case "unlink-provider":
      return handleSubmission(submissionOf(form, UnlinkIdentitySchema), async ({ identityId }) => {
        try {
          if (!(await unlinkIdentity(db, user.id, identityId))) {
            throw new AppError("not_found", "That linked account could not be found.");
          }
        } catch (error) {
          if (error instanceof LastWayInError) throw new AppError("conflict", error.message);
          throw error;
        }
        throw await done("Account unlinked");
      });
    case "delete-account":
      return handleSubmission(submissionOf(form, PasswordConfirmSchema), async ({ password }) => {
        // The library's hooks check the password and keep the last owner (answering 409).
        const answer = await forwardToAuth(request, context, "/delete-user", { password });
        if (answer.status === 409) {
          throw new AppError(
            "conflict",
            authErrorMessage(answer, "Your account could not be deleted."),
          );
        }
        if (!answer.ok) throw refused(answer, "Your account could not be deleted.");
        throw await redirectWithToast(
          "/",
          {
            type: "success",
            title: "Account deleted",
            description: "Your account and its data are gone.",
          },
          env.AUTH_SECRET,
          { headers: answer.cookies },
        );
      });
  }
}
