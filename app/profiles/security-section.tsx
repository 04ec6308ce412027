import {
  Download,
  KeyRound,
  LogOut,
  MonitorSmartphone,
  ShieldAlert,
  ShieldCheck,
  Trash2,
} from "lucide-react";
import { Form, useNavigation } from "react-router";
import { LocalTime } from "~/platform/dates/local-time";
import { Field, FormError } from "~/platform/forms/field";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";
import type { ProfileActionResult, ProfileIntent } from "./profile-schema";

export type Device = {
  id: string;
  device: string;
  ipAddress: string | null;
  lastActive: string;
  current: boolean;
};

function useBusy(intent: ProfileIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

const resultFor = (result: ProfileActionResult | undefined, intent: ProfileIntent) =>
  result?.intent === intent ? result : undefined;

function SectionTitle({ Icon, children }: { Icon: typeof KeyRound; children: React.ReactNode }) {
  return (
    <CardTitle asChild>
      <h3 className="flex items-center gap-2 text-lg">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        {children}
      </h3>
    </CardTitle>
  );
}

function TwoFactorCard({ enabled, result }: { enabled: boolean; result?: ProfileActionResult }) {
  const enabling = useBusy("enable-2fa");
  const confirming = useBusy("confirm-2fa");
  const disabling = useBusy("disable-2fa");
  const enrolment = resultFor(result, "enable-2fa")?.enrolment ?? null;
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={enabled ? ShieldCheck : ShieldAlert}>
          Two-factor authentication: {enabled ? "On" : "Off"}
        </SectionTitle>
        <CardDescription>
          A code from an authenticator app, asked for at each sign-in, keeps your account safe even
          if your password leaks.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {enabled ? (
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="disable-2fa" />
            <FormError message={resultFor(result, "disable-2fa")?.formError} />
            <Field
              name="password"
              id="disable-2fa-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              error={resultFor(result, "disable-2fa")?.errors?.password}
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
              <Field
                name="code"
                id="confirm-2fa-code"
                label="3. Enter the 6-digit code to finish"
                inputMode="numeric"
                autoComplete="one-time-code"
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
              message={
                resultFor(result, "enable-2fa")?.formError ??
                resultFor(result, "confirm-2fa")?.formError
              }
            />
            <Field
              name="password"
              id="enable-2fa-password"
              label="Confirm your password to begin"
              type="password"
              autoComplete="current-password"
              error={resultFor(result, "enable-2fa")?.errors?.password}
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

function PasswordCard({ result }: { result?: ProfileActionResult }) {
  const busy = useBusy("change-password");
  const mine = resultFor(result, "change-password");
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={KeyRound}>Change password</SectionTitle>
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

function DevicesCard({ devices }: { devices: Device[] }) {
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={MonitorSmartphone}>Signed-in devices</SectionTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" data-testid="devices">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
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
                  <LocalTime value={device.lastActive} format="detail" />
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
  );
}

function DataCard({ result }: { result?: ProfileActionResult }) {
  const deleting = useBusy("delete-account");
  const mine = resultFor(result, "delete-account");
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={Download}>Your data</SectionTitle>
        <CardDescription>
          Download everything we keep about your account, or delete the account. Deleting signs you
          out everywhere and removes your profile, settings, activity and the contact messages sent
          from your address. It cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <Button asChild variant="outline">
          <a href="/profile/export" download>
            <Download aria-hidden="true" />
            Download my data (JSON)
          </a>
        </Button>
        <Form method="post" className="space-y-3 rounded-lg border border-destructive/40 p-4">
          <input type="hidden" name="intent" value="delete-account" />
          <FormError message={mine?.formError} />
          <Field
            name="password"
            id="delete-account-password"
            label="Password, to confirm deleting your account"
            type="password"
            autoComplete="current-password"
            error={mine?.errors?.password}
          />
          <Button type="submit" variant="destructive" disabled={deleting}>
            <Trash2 aria-hidden="true" />
            {deleting ? "Deleting..." : "Delete my account"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export function SecuritySection({
  twoFactorEnabled,
  devices,
  result,
}: {
  twoFactorEnabled: boolean;
  devices: Device[];
  result?: ProfileActionResult;
}) {
  return (
    <section id="security" aria-labelledby="security-heading" className="space-y-6">
      <h2 id="security-heading" className="text-xl font-bold">
        Security
      </h2>
      <TwoFactorCard enabled={twoFactorEnabled} result={result} />
      <PasswordCard result={result} />
      <DevicesCard devices={devices} />
      <DataCard result={result} />
    </section>
  );
}
