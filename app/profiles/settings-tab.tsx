import { Form, useNavigation } from "react-router";
import { LocalTime } from "~/platform/dates/local-time";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Label } from "~/platform/ui/label";
import { Switch } from "~/platform/ui/switch";
import type { Settings } from "./profile-schema";

const selectClass =
  "block h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring";

export function SettingsTab({
  settings,
  account,
}: {
  settings: Settings;
  account: { email: string; id: string; createdAt: string | null };
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "settings";
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 className="text-lg">Preferences</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="space-y-5">
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
            <div className="space-y-2">
              <Label htmlFor="themePreference">Theme Preference</Label>
              <select
                id="themePreference"
                name="themePreference"
                defaultValue={settings.themePreference}
                className={selectClass}
              >
                <option value="light">Light</option>
                <option value="dark">Dark</option>
                <option value="system">System</option>
              </select>
            </div>
            <div className="space-y-2">
              <Label htmlFor="privacyLevel">Profile Visibility</Label>
              <select
                id="privacyLevel"
                name="privacyLevel"
                defaultValue={settings.privacyLevel}
                className={selectClass}
              >
                <option value="public">Public</option>
                <option value="private">Private</option>
              </select>
            </div>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Settings"}
            </Button>
          </Form>
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
