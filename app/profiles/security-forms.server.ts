import {
  ChangePasswordSchema,
  CONFIRMATION_REQUIRED,
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
} from "~/accounts";
import {
  authContext,
  authErrorMessage,
  createApiKey,
  forwardToAuth,
  isRecentlyConfirmed,
  LastWayInError,
  listFactors,
  removePasskey,
  renameFactor,
  revokeApiKey,
  revokeSession,
  startProviderFlow,
  unlinkIdentity,
} from "~/accounts/index.server";
import { AppError } from "~/platform/errors/app-error";
import { handleSubmissionWith } from "~/platform/forms/reply-with.server";
import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { runtimeContext } from "~/platform/server/context.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { RevokeSessionSchema } from "./profile-schema";
import type { ProfileHandler, ProfileStep } from "./profile-step.server";

// The Security section's writes (docs/product.md#profile): password, two-factor, passkeys, API keys,
// linked accounts, devices and deletion. Each acts on the signed-in user only; there is no way to
// name another.

/** A refused auth call keeps the status the page always had: 400. */
const refused = (answer: Parameters<typeof authErrorMessage>[0], fallback: string) =>
  new AppError("invalid", authErrorMessage(answer, fallback));

/**
 * Adding a credential: the session signed in or confirmed lately, or the password in the same
 * form, recorded for the next minutes (accounts' confirmation.server.ts).
 */
export async function confirmRecently(
  { request, context, user }: ProfileStep,
  password: string | undefined,
) {
  if (await isRecentlyConfirmed(context.get(runtimeContext).db, user.sessionId)) return;
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
}

export const SECURITY_FORMS = {
  "enable-2fa": ({ request, context, form }: ProfileStep) =>
    handleSubmissionWith(
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
        // Loaded here, on the rare turning on, not at start-up.
        const { default: QRCode } = await import("qrcode");
        const qrDataUrl = await QRCode.toDataURL(answer.body.totpURI, { margin: 1, width: 220 });
        return {
          qrDataUrl,
          secretUri: answer.body.totpURI,
          backupCodes: answer.body.backupCodes,
        };
      },
    ),
  "confirm-2fa": ({ request, context, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, TwoFactorCodeSchema), async ({ code }) => {
      const answer = await forwardToAuth(request, context, "/two-factor/verify-totp", { code });
      if (!answer.ok) {
        throw refused(answer, "That code did not work. Check your app's clock and try again.");
      }
      throw await done(
        "Two-factor authentication is on",
        "You will be asked for a code when you sign in.",
        answer.cookies,
      );
    }),
  "disable-2fa": ({ request, context, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, PasswordConfirmSchema), async ({ password }) => {
      const answer = await forwardToAuth(request, context, "/two-factor/disable", { password });
      if (!answer.ok) {
        throw refused(answer, "Two-factor authentication could not be turned off.");
      }
      throw await done("Two-factor authentication is off");
    }),
  "change-password": ({ request, context, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, ChangePasswordSchema), async (input) => {
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
    }),
  "revoke-session": ({ context, user, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, RevokeSessionSchema), async ({ sessionId }) => {
      const { db } = context.get(runtimeContext);
      // By session id, never by token: other sessions' tokens are credentials and stay off the page.
      if (!(await revokeSession(db, user.id, sessionId))) {
        throw new AppError("not_found", "That device could not be signed out.");
      }
      throw await done("Device signed out");
    }),
  "rename-factor": ({ context, user, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, RenameFactorSchema), async (input) => {
      if (
        !(await renameFactor(context.get(runtimeContext).db, user.id, input.factorId, input.name))
      ) {
        throw new AppError("not_found", "That sign-in method could not be found.");
      }
      throw await done("Name saved");
    }),
  "remove-passkey": ({ request, context, user, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, RemovePasskeySchema), async (input) => {
      const { db } = context.get(runtimeContext);
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
        const check = await context
          .get(authContext)
          .api.verifyPassword({ body: { password: input.password }, headers: request.headers })
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
    }),
  "create-api-key": (step: ProfileStep) =>
    handleSubmissionWith(
      submissionOf(step.form, CreateApiKeySchema),
      async ({ name, password }): Promise<CreatedApiKey> => {
        await confirmRecently(step, password);
        return { kind: "api-key", name, key: await createApiKey(step.context, step.user, name) };
      },
    ),
  "revoke-api-key": ({ context, user, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, RevokeApiKeySchema), async ({ keyId }) => {
      if (!(await revokeApiKey(context.get(runtimeContext).db, user.id, keyId))) {
        throw new AppError("not_found", "That API key could not be found.");
      }
      throw await done("API key revoked", "Requests with it are refused from now on.");
    }),
  "link-provider": (step: ProfileStep) =>
    handleSubmission(submissionOf(step.form, LinkProviderSchema), async (input) => {
      await confirmRecently(step, input.password);
      const { provider } = input;
      throw await startProviderFlow(step.request, step.context, {
        provider,
        mode: "link",
        callbackURL: "/profile",
        errorCallbackURL: "/profile",
      });
    }),
  "unlink-provider": ({ context, user, form, done }: ProfileStep) =>
    handleSubmission(submissionOf(form, UnlinkIdentitySchema), async ({ identityId }) => {
      try {
        if (!(await unlinkIdentity(context.get(runtimeContext).db, user.id, identityId))) {
          throw new AppError("not_found", "That linked account could not be found.");
        }
      } catch (error) {
        if (error instanceof LastWayInError) throw new AppError("conflict", error.message);
        throw error;
      }
      throw await done("Account unlinked");
    }),
  "delete-account": ({ request, context, form }: ProfileStep) =>
    handleSubmission(submissionOf(form, PasswordConfirmSchema), async ({ password }) => {
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
        context.get(runtimeContext).env.AUTH_SECRET,
        { headers: answer.cookies },
      );
    }),
} satisfies Record<string, ProfileHandler>;
