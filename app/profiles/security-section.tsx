import { Form } from "react-router";
import {
  type ApiKeySummary,
  ChangePasswordSchema,
  type Factor,
  type Identities,
  PasswordConfirmSchema,
} from "~/accounts";
import { LocalTime } from "~/platform/dates/local-time";
import { Field, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/platform/ui/card";
import { Download, KeyRound, LogOut, MonitorSmartphone, Trash } from "~/platform/ui/icons";
import { ApiKeysCard } from "./api-keys-card";
import { FactorsCard, type Phones } from "./factors-card";
import { LinkedAccountsCard } from "./linked-accounts-card";
import {
  type Device,
  IntentHidden,
  PasswordField,
  type ProfileReply,
  replyFor,
  SectionTitle,
} from "./security-parts";
import { TwoFactorCard } from "./two-factor-card";

export type { Phones } from "./factors-card";
export { type Device, type ProfileReply, replyFor } from "./security-parts";

function PasswordCard({ reply, hasPassword }: { reply?: ProfileReply; hasPassword: boolean }) {
  const busy = usePending("change-password");
  const [form, fields] = useSchemaForm(ChangePasswordSchema, {
    id: "change-password-form",
    lastResult: replyFor(reply, "change-password"),
  });
  const newPassword = { type: "password", autoComplete: "new-password" } as const;
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={KeyRound}>Change password</SectionTitle>
        <CardDescription>
          {hasPassword ? (
            "Changing it signs you out on every other device."
          ) : (
            <>
              Your account has no password yet: you signed up with a sign-in service. To set one,
              use{" "}
              <a href="/auth/forgot-password" className="text-primary underline">
                Forgot your password?
              </a>{" "}
              with your e-mail address.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SchemaForm form={form} className="space-y-3">
          <IntentHidden intent="change-password" />
          <PasswordField
            meta={fields.currentPassword}
            id="currentPassword"
            label="Current password"
          />
          <Field meta={fields.newPassword} id="newPassword" label="New password" {...newPassword} />
          <Field
            meta={fields.confirmPassword}
            id="change-confirm"
            label="Confirm Password"
            {...newPassword}
          />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Change password"}
          </Button>
        </SchemaForm>
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
                  <IntentHidden intent="revoke-session" />
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

function DataCard({ reply }: { reply?: ProfileReply }) {
  const deleting = usePending("delete-account");
  const [form, fields] = useSchemaForm(PasswordConfirmSchema, {
    id: "delete-account-form",
    lastResult: replyFor(reply, "delete-account"),
  });
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
        <SchemaForm form={form} className="space-y-3 rounded-lg border border-destructive/40 p-4">
          <IntentHidden intent="delete-account" />
          <PasswordField
            meta={fields.password}
            id="delete-account-password"
            label="Password, to confirm deleting your account"
          />
          <Button type="submit" variant="destructive" disabled={deleting}>
            <Trash aria-hidden="true" />
            {deleting ? "Deleting..." : "Delete my account"}
          </Button>
        </SchemaForm>
      </CardContent>
    </Card>
  );
}

export function SecuritySection({
  twoFactorEnabled,
  factors,
  phones,
  apiKeys,
  identities,
  devices,
  confirmationNeeded,
  reply,
}: {
  /** The account's two-factor flag: an authenticator app or a phone turns it on. */
  twoFactorEnabled: boolean;
  factors: Factor[];
  phones: Phones;
  apiKeys: ApiKeySummary[];
  identities: Identities;
  devices: Device[];
  /** Adding a key, passkey or linked account asks for the password (confirmation.ts). */
  confirmationNeeded: boolean;
  reply?: ProfileReply;
}) {
  const verified = (type: Factor["type"]) =>
    factors.some((factor) => factor.type === type && factor.status === "verified");
  const app = verified("totp");
  const phone = verified("phone");
  return (
    <section id="security" aria-labelledby="security-heading" className="space-y-6">
      <h2 id="security-heading" className="text-xl font-bold">
        Security
      </h2>
      <TwoFactorCard
        enabled={twoFactorEnabled || app || phone}
        app={app}
        phone={phone}
        reply={reply}
      />
      <FactorsCard
        factors={factors}
        phones={phones}
        confirmationNeeded={confirmationNeeded}
        reply={reply}
      />
      <LinkedAccountsCard
        identities={identities}
        confirmationNeeded={confirmationNeeded}
        reply={reply}
      />
      <PasswordCard reply={reply} hasPassword={identities.hasPassword} />
      <DevicesCard devices={devices} />
      <ApiKeysCard apiKeys={apiKeys} confirmationNeeded={confirmationNeeded} reply={reply} />
      <DataCard reply={reply} />
    </section>
  );
}
