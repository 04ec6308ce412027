import QRCode from "qrcode";
import { type AppLoadContext, data } from "react-router";
import { parseForm } from "~/platform/forms/form-errors";
import { requireIntent } from "~/platform/forms/intent";
import { parseTheme } from "~/platform/theme/theme";
import { redirectWithToast } from "~/platform/toast/toast.server";
import {
  type ProfileActionResult,
  ProfileIntentSchema,
  ProfileSchema,
  SettingsSchema,
} from "~/profiles";
import { savePreferences, saveThemePreference, updateProfile } from "~/profiles/index.server";
import { authErrorMessage, forwardToAuth } from "./auth-forward.server";
import { ChangePasswordSchema, TwoFactorCodeSchema } from "./auth-schemas";
import { revokeSession, type SessionUser } from "./session.server";

/** The /profile writes. Each acts on the signed-in user only; there is no way to name another. */
export async function runProfileAction(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  form: FormData,
) {
  const { db, env } = context.runtime;
  const intent = requireIntent(ProfileIntentSchema, form);
  const fail = (formError: string, status = 400) =>
    data<ProfileActionResult>({ intent, formError }, status);
  const invalid = (errors: Record<string, string | undefined>) =>
    data<ProfileActionResult>({ intent, errors }, 400);
  const toast = (title: string, description?: string, headers?: Headers) =>
    redirectWithToast("/profile", { type: "success", title, description }, env.AUTH_SECRET, {
      headers,
    });

  switch (intent) {
    case "profile": {
      const parsed = parseForm(ProfileSchema, form);
      if (!parsed.success) return invalid(parsed.errors);
      try {
        await updateProfile(db, user.id, parsed.data);
      } catch {
        return fail("Failed to update profile", 500);
      }
      return toast("Profile updated successfully");
    }
    case "settings": {
      const parsed = parseForm(SettingsSchema, form);
      if (!parsed.success) return invalid(parsed.errors);
      try {
        await savePreferences(db, user.id, parsed.data);
      } catch {
        return fail("Failed to update settings", 500);
      }
      return redirectWithToast(
        "/profile?tab=settings",
        { type: "success", title: "Settings updated successfully" },
        env.AUTH_SECRET,
      );
    }
    case "save-theme": {
      await saveThemePreference(db, user.id, parseTheme(form.get("theme")));
      return { intent, ok: true } satisfies ProfileActionResult;
    }
    case "enable-2fa": {
      const password = String(form.get("password") ?? "");
      if (!password) return invalid({ password: "Password is required" });
      const answer = await forwardToAuth<{ totpURI: string; backupCodes: string[] }>(
        request,
        context,
        "/two-factor/enable",
        { password },
      );
      if (!answer.ok)
        return fail(authErrorMessage(answer, "Two-factor authentication could not be turned on."));
      const qrDataUrl = await QRCode.toDataURL(answer.body.totpURI, { margin: 1, width: 220 });
      return {
        intent,
        enrolment: {
          qrDataUrl,
          secretUri: answer.body.totpURI,
          backupCodes: answer.body.backupCodes,
        },
      } satisfies ProfileActionResult;
    }
    case "confirm-2fa": {
      const parsed = parseForm(TwoFactorCodeSchema, form);
      if (!parsed.success) return invalid(parsed.errors);
      const answer = await forwardToAuth(request, context, "/two-factor/verify-totp", {
        code: parsed.data.code,
      });
      if (!answer.ok)
        return fail(
          authErrorMessage(answer, "That code did not work. Check your app's clock and try again."),
        );
      return toast(
        "Two-factor authentication is on",
        "You will be asked for a code when you sign in.",
        answer.cookies,
      );
    }
    case "disable-2fa": {
      const password = String(form.get("password") ?? "");
      if (!password) return invalid({ password: "Password is required" });
      const answer = await forwardToAuth(request, context, "/two-factor/disable", { password });
      if (!answer.ok)
        return fail(authErrorMessage(answer, "Two-factor authentication could not be turned off."));
      return toast("Two-factor authentication is off");
    }
    case "change-password": {
      const parsed = parseForm(ChangePasswordSchema, form);
      if (!parsed.success) return invalid(parsed.errors);
      const answer = await forwardToAuth(request, context, "/change-password", {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      });
      if (!answer.ok) return fail(authErrorMessage(answer, "The password could not be changed."));
      return toast("Password changed", "Your other devices have been signed out.", answer.cookies);
    }
    case "revoke-session": {
      // By session id, never by token: other sessions' tokens are credentials and stay off the page.
      const revoked = await revokeSession(db, user.id, String(form.get("sessionId") ?? ""));
      if (!revoked) return fail("That device could not be signed out.", 404);
      return toast("Device signed out");
    }
    case "delete-account": {
      const password = String(form.get("password") ?? "");
      if (!password) return invalid({ password: "Password is required" });
      // The library's hooks check the password and keep the last owner (answering 409).
      const answer = await forwardToAuth(request, context, "/delete-user", { password });
      if (!answer.ok) {
        return fail(
          authErrorMessage(answer, "Your account could not be deleted."),
          answer.status === 409 ? 409 : 400,
        );
      }
      return redirectWithToast(
        "/",
        {
          type: "success",
          title: "Account deleted",
          description: "Your account and its data are gone.",
        },
        env.AUTH_SECRET,
        { headers: answer.cookies },
      );
    }
  }
}
