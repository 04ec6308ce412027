import { PasswordConfirmSchema, TwoFactorCodeSchema, type TwoFactorEnrolment } from "~/accounts";
import { Field, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/platform/ui/card";
import { ShieldAlert, ShieldCheck } from "~/platform/ui/icons";
import {
  BackupCodes,
  IntentHidden,
  PasswordField,
  type ProfileReply,
  replyFor,
  SectionTitle,
} from "./security-parts";

// The Security section's two-factor card (docs/product.md#security): turn it on with an
// authenticator app and backup codes, or off with the password.

/** Turns the app off; with a phone, two-factor stays on (the phone's codes and the backup codes). */
function DisableTwoFactorForm({ reply, phone }: { reply?: ProfileReply; phone: boolean }) {
  const busy = usePending("disable-2fa");
  const [form, fields] = useSchemaForm(PasswordConfirmSchema, {
    id: "disable-2fa-form",
    lastResult: replyFor(reply, "disable-2fa"),
  });
  return (
    <SchemaForm form={form} className="space-y-3">
      <IntentHidden intent="disable-2fa" />
      <PasswordField meta={fields.password} id="disable-2fa-password" label="Password" />
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Turning off..." : phone ? "Turn off the authenticator app" : "Turn off two-factor"}
      </Button>
    </SchemaForm>
  );
}

function EnrolmentSteps({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  const busy = usePending("confirm-2fa");
  const [form, fields] = useSchemaForm(TwoFactorCodeSchema, { id: "confirm-2fa-form" });
  return (
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
        <BackupCodes codes={enrolment.backupCodes} />
      </div>
      <SchemaForm form={form} className="space-y-3">
        <IntentHidden intent="confirm-2fa" />
        <Field
          meta={fields.code}
          id="confirm-2fa-code"
          label="3. Enter the 6-digit code to finish"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <Button type="submit" disabled={busy}>
          {busy ? "Verifying..." : "Turn on two-factor"}
        </Button>
      </SchemaForm>
    </div>
  );
}

function EnableTwoFactorForm({ reply, phone }: { reply?: ProfileReply; phone: boolean }) {
  const busy = usePending("enable-2fa");
  const [form, fields] = useSchemaForm(PasswordConfirmSchema, {
    id: "enable-2fa-form",
    lastResult: replyFor(reply, "enable-2fa"),
  });
  // A refused code comes back here: the enrolment steps are gone, the form to start again shows it.
  const confirmErrors = replyFor(reply, "confirm-2fa")?.error?.[""] ?? undefined;
  return (
    <SchemaForm form={form} errors={form.errors ?? confirmErrors} className="space-y-3">
      <IntentHidden intent="enable-2fa" />
      <PasswordField
        meta={fields.password}
        id="enable-2fa-password"
        label="Confirm your password to begin"
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Preparing..." : phone ? "Add an authenticator app" : "Set up two-factor"}
      </Button>
    </SchemaForm>
  );
}

/**
 * `enabled`: the account's two-factor is on (an app or a phone turns it on); `app`: a confirmed
 * authenticator app; `phone`: an added phone, which keeps two-factor on without the app.
 */
export function TwoFactorCard({
  enabled,
  app,
  phone,
  reply,
}: {
  enabled: boolean;
  app: boolean;
  phone: boolean;
  reply?: ProfileReply;
}) {
  const result = reply?.result;
  const enrolment = result && "qrDataUrl" in result ? result : undefined;
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={enabled ? ShieldCheck : ShieldAlert}>
          Two-factor authentication: {enabled ? "On" : "Off"}
        </SectionTitle>
        <CardDescription>
          {phone && !app
            ? "Your phone gets a code by text message at each sign-in. An authenticator app gives you a second way to get codes, with no signal needed."
            : "A code from an authenticator app, asked for at each sign-in, keeps your account safe even if your password leaks."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {app ? (
          <DisableTwoFactorForm reply={reply} phone={phone} />
        ) : enrolment ? (
          <EnrolmentSteps enrolment={enrolment} />
        ) : (
          <EnableTwoFactorForm reply={reply} phone={phone} />
        )}
      </CardContent>
    </Card>
  );
}
