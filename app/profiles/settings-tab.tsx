import { LocalTime } from "~/platform/dates/local-time";
import { SchemaForm, SelectField, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Label } from "~/platform/ui/label";
import { Switch } from "~/platform/ui/switch";
import { type Settings, SettingsSchema } from "./profile-schema";

const THEME_OPTIONS = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
];
const PRIVACY_OPTIONS = [
  { value: "public", label: "Public" },
  { value: "private", label: "Private" },
];

export function SettingsTab({
  settings,
  account,
  reply,
}: {
  settings: Settings;
  account: { email: string; id: string; createdAt: string | null };
  /** The action's reply, when it answers this form. */
  reply?: FormReply;
}) {
  const saving = usePending("settings");
  const [form, fields] = useSchemaForm(SettingsSchema, {
    id: "settings-form",
    lastResult: reply,
    defaultValue: {
      themePreference: settings.themePreference,
      privacyLevel: settings.privacyLevel,
    },
  });
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Preferences</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <SchemaForm form={form} className="space-y-5">
            <input type="hidden" name="intent" value="settings" />
            <div className="flex items-center justify-between gap-4">
              <div className="space-y-1">
                <Label htmlFor="emailNotifications">Email Notifications</Label>
                <p id="emailNotifications-hint" className="text-xs text-muted-foreground">
                  News about your account and, for staff, new messages.
                </p>
              </div>
              <Switch
                id="emailNotifications"
                name="emailNotifications"
                defaultChecked={settings.emailNotifications}
                aria-describedby="emailNotifications-hint"
              />
            </div>
            <SelectField
              meta={fields.themePreference}
              id="themePreference"
              label="Theme Preference"
              options={THEME_OPTIONS}
            />
            <SelectField
              meta={fields.privacyLevel}
              id="privacyLevel"
              label="Profile Visibility"
              options={PRIVACY_OPTIONS}
            />
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Settings"}
            </Button>
          </SchemaForm>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Account Information</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="font-medium">{account.email}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Account ID</dt>
              <dd className="break-all font-mono text-xs">{account.id}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Created</dt>
              <dd className="font-medium">
                {account.createdAt ? (
                  <LocalTime value={account.createdAt} format="list" />
                ) : (
                  "Unknown"
                )}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
