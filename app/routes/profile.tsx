import { KeyRound, LogOut, MonitorSmartphone, ShieldAlert, ShieldCheck } from "lucide-react";
import QRCode from "qrcode";
import { useEffect } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import { authErrorMessage, forwardToAuth } from "~/accounts/auth-forward.server";
import { ChangePasswordSchema, TwoFactorCodeSchema } from "~/accounts/auth-schemas";
import { describeDevice } from "~/accounts/devices";
import { getSessionUser, revokeSession } from "~/accounts/session.server";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FormError } from "~/forms/field";
import { parseForm } from "~/forms/form-errors";
import { formatDetailDate } from "~/news/news-format";
import { ROLE_LABELS } from "~/roles/permissions";
import { redirectWithToast } from "~/toast/toast.server";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, context);
  if (!user) return data({ user: null, devices: [] }, 401);
  const sessions = await context.runtime.auth.api.listSessions({ headers: request.headers });
  const devices = sessions
    .map((s) => ({
      id: s.id,
      device: describeDevice(s.userAgent),
      ipAddress: s.ipAddress ?? null,
      lastActive: new Date(s.updatedAt ?? s.createdAt).toISOString(),
      current: s.id === user.sessionId,
    }))
    .sort(
      (a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive),
    );
  return { user, devices };
}

type Intent = "enable-2fa" | "confirm-2fa" | "disable-2fa" | "change-password" | "revoke-session";
type ActionResult = {
  intent: Intent;
  formError?: string;
  errors?: Record<string, string | undefined>;
  enrolment?: { qrDataUrl: string; secretUri: string; backupCodes: string[] };
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, context);
  if (!user) {
    return redirectWithToast(
      "/auth?redirectTo=/profile",
      { type: "info", title: "Please sign in to continue." },
      context.runtime.env.AUTH_SECRET,
    );
  }
  const secret = context.runtime.env.AUTH_SECRET;
  const form = await request.formData();
  const intent = String(form.get("intent")) as Intent;
  const fail = (formError: string, status = 400) =>
    data<ActionResult>({ intent, formError }, status);
  const done = (title: string, description?: string) =>
    redirectWithToast("/profile#security", { type: "success", title, description }, secret);

  switch (intent) {
    case "enable-2fa": {
      const password = String(form.get("password") ?? "");
      if (!password)
        return data<ActionResult>({ intent, errors: { password: "Password is required" } }, 400);
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
      } satisfies ActionResult;
    }
    case "confirm-2fa": {
      const parsed = parseForm(TwoFactorCodeSchema, form);
      if (!parsed.success) return data<ActionResult>({ intent, errors: parsed.errors }, 400);
      const answer = await forwardToAuth(request, context, "/two-factor/verify-totp", {
        code: parsed.data.code,
      });
      if (!answer.ok)
        return fail(
          authErrorMessage(answer, "That code did not work. Check your app's clock and try again."),
        );
      return redirectWithToast(
        "/profile#security",
        {
          type: "success",
          title: "Two-factor authentication is on",
          description: "You will be asked for a code when you sign in.",
        },
        secret,
        { headers: answer.cookies },
      );
    }
    case "disable-2fa": {
      const password = String(form.get("password") ?? "");
      if (!password)
        return data<ActionResult>({ intent, errors: { password: "Password is required" } }, 400);
      const answer = await forwardToAuth(request, context, "/two-factor/disable", { password });
      if (!answer.ok)
        return fail(authErrorMessage(answer, "Two-factor authentication could not be turned off."));
      return done("Two-factor authentication is off");
    }
    case "change-password": {
      const parsed = parseForm(ChangePasswordSchema, form);
      if (!parsed.success) return data<ActionResult>({ intent, errors: parsed.errors }, 400);
      const answer = await forwardToAuth(request, context, "/change-password", {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
      });
      if (!answer.ok) return fail(authErrorMessage(answer, "The password could not be changed."));
      return redirectWithToast(
        "/profile#security",
        {
          type: "success",
          title: "Password changed",
          description: "Your other devices have been signed out.",
        },
        secret,
        { headers: answer.cookies },
      );
    }
    case "revoke-session": {
      // By session id, never by token: other sessions' tokens are credentials and stay off the page.
      const revoked = await revokeSession(
        context.runtime.db,
        user.id,
        String(form.get("sessionId") ?? ""),
      );
      if (!revoked) return fail("That device could not be signed out.", 404);
      return done("Device signed out");
    }
    default:
      return fail("Unknown request.");
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "My Profile" },
  { name: "robots", content: "noindex" },
];

function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function TwoFactorCard({ enabled, result }: { enabled: boolean; result?: ActionResult }) {
  const enabling = useBusy("enable-2fa");
  const confirming = useBusy("confirm-2fa");
  const disabling = useBusy("disable-2fa");
  const enrolment = result?.enrolment ?? null;
  const errorFor = (intent: Intent) => (result?.intent === intent ? result : undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h3 className="flex items-center gap-2 text-lg">
            {enabled ? (
              <ShieldCheck aria-hidden="true" className="size-5 text-green-600" />
            ) : (
              <ShieldAlert aria-hidden="true" className="size-5 text-amber-600" />
            )}
            Two-factor authentication: {enabled ? "On" : "Off"}
          </h3>
        </CardTitle>
        <CardDescription>
          A code from an authenticator app, asked for at each sign-in, keeps your account safe even
          if your password leaks.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {enabled ? (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="disable-2fa" />
            <FormError message={errorFor("disable-2fa")?.formError} />
            <Field
              name="password"
              id="disable-2fa-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={errorFor("disable-2fa")?.errors?.password}
            />
            <Button type="submit" variant="outline" disabled={disabling}>
              {disabling ? "Turning off..." : "Turn off two-factor"}
            </Button>
          </Form>
        ) : enrolment ? (
          <div className="space-y-4">
            <p className="text-sm">1. Scan this code with your authenticator app.</p>
            <img
              src={enrolment.qrDataUrl}
              alt="QR code for your authenticator app"
              width={220}
              height={220}
              className="rounded-md border bg-white p-2"
            />
            <details className="text-xs text-muted-foreground">
              <summary>Can't scan? Show the setup key</summary>
              <code className="mt-2 block break-all" data-testid="totp-uri">
                {enrolment.secretUri}
              </code>
            </details>
            <div>
              <p className="text-sm">2. Keep these backup codes somewhere safe. Each works once.</p>
              <ul
                className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm"
                data-testid="backup-codes"
              >
                {enrolment.backupCodes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ul>
            </div>
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="confirm-2fa" />
              <FormError message={errorFor("confirm-2fa")?.formError} />
              <Field
                name="code"
                id="confirm-2fa-code"
                label="3. Enter the 6-digit code to finish"
                inputMode="numeric"
                autoComplete="one-time-code"
                error={errorFor("confirm-2fa")?.errors?.code}
              />
              <Button type="submit" disabled={confirming}>
                {confirming ? "Verifying..." : "Turn on two-factor"}
              </Button>
            </Form>
          </div>
        ) : (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="enable-2fa" />
            <FormError
              message={errorFor("enable-2fa")?.formError ?? errorFor("confirm-2fa")?.formError}
            />
            <Field
              name="password"
              id="enable-2fa-password"
              label="Confirm your password to begin"
              type="password"
              autoComplete="current-password"
              error={errorFor("enable-2fa")?.errors?.password}
            />
            <Button type="submit" disabled={enabling}>
              {enabling ? "Preparing..." : "Set up two-factor"}
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}

function PasswordCard({ result }: { result?: ActionResult }) {
  const busy = useBusy("change-password");
  const mine = result?.intent === "change-password" ? result : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h3 className="flex items-center gap-2 text-lg">
            <KeyRound aria-hidden="true" className="size-5 text-primary" />
            Change password
          </h3>
        </CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="change-password" />
          <FormError message={mine?.formError} />
          <Field
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={mine?.errors?.currentPassword}
          />
          <Field
            name="newPassword"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={mine?.errors?.newPassword}
          />
          <Field
            name="confirmPassword"
            id="change-confirm"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            error={mine?.errors?.confirmPassword}
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Change password"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  useEffect(() => {
    if (result?.formError) toast.error("Error", { description: result.formError });
  }, [result]);
  if (!loaderData.user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-black tracking-tight">My Profile</h1>
        <p className="mt-4 text-muted-foreground">Please sign in to view your profile.</p>
        <Button asChild className="mt-8">
          <Link to="/auth?redirectTo=/profile">Sign In</Link>
        </Button>
      </div>
    );
  }
  const { user, devices } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-14 sm:px-6">
      <header>
        <h1 className="text-3xl font-black tracking-tight">My Profile</h1>
        <p className="mt-2 text-muted-foreground">
          {user.email} · {ROLE_LABELS[user.role]}
        </p>
      </header>
      {user.role === "owner" && !user.twoFactorEnabled && (
        <p
          role="status"
          className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
        >
          As an owner you control every role. Please turn on two-factor authentication below.
        </p>
      )}
      <section id="security" aria-labelledby="security-heading" className="space-y-6">
        <h2 id="security-heading" className="text-xl font-bold">
          Security
        </h2>
        <TwoFactorCard enabled={user.twoFactorEnabled} result={result} />
        <PasswordCard result={result} />
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h3 className="flex items-center gap-2 text-lg">
                <MonitorSmartphone aria-hidden="true" className="size-5 text-primary" />
                Signed-in devices
              </h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y" data-testid="devices">
              {devices.map((device) => (
                <li
                  key={device.id}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <div>
                    <p className="font-medium">
                      {device.device}
                      {device.current && (
                        <span className="ml-2 rounded-full bg-green-600/15 px-2 py-0.5 text-xs text-green-800 dark:text-green-300">
                          This device
                        </span>
                      )}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {device.ipAddress ?? "Unknown address"} · last active{" "}
                      {formatDetailDate(device.lastActive)} UTC
                    </p>
                  </div>
                  {!device.current && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke-session" />
                      <input type="hidden" name="sessionId" value={device.id} />
                      <Button type="submit" variant="outline" size="sm">
                        <LogOut aria-hidden="true" />
                        Sign out
                      </Button>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
