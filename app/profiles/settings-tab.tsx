import { gameListName } from "~/newsletter";
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

/** The account's newsletter beside the switch (the studio's list): each game's list. */
export type AccountLists = {
  games: { id: string; title: string; subscribed: boolean }[];
  /** A request waits for its confirmation link. */
  pending: boolean;
  /** The account's address is verified: a change applies at once, else by the mailed link. */
  verified: boolean;
};

export function SettingsTab({
  settings,
  newsletter,
  account,
  staff,
  reply,
}: {
  settings: Settings;
  /** Null when it could not be read: the games' lists are not offered. */
  newsletter: AccountLists | null;
  account: { email: string; id: string; createdAt: string | null };
  /** Staff (moderator and up): the saved switch also mails them new contact messages. */
  staff: boolean;
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
            {newsletter && <input type="hidden" name="newsletterShown" value="on" />}
            <div className="flex items-center justify-between gap-4">
              <div className="space-y-1">
                <Label htmlFor="emailNotifications">Email Notifications</Label>
                <p id="emailNotifications-hint" className="text-xs text-muted-foreground">
                  The studio's news by mail to {account.email}
                  {newsletter && !newsletter.verified ? ", once you confirm by mail" : ""}.
                  {staff ? " Also new contact messages, for staff." : ""}
                </p>
              </div>
              <Switch
                id="emailNotifications"
                name="emailNotifications"
                defaultChecked={settings.emailNotifications}
                aria-describedby="emailNotifications-hint"
              />
            </div>
            {newsletter && newsletter.games.length > 0 && (
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Game news by mail</legend>
                {newsletter.games.map((game) => (
                  <label key={game.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="gameLists"
                      value={game.id}
                      defaultChecked={game.subscribed}
                      className="size-4 shrink-0 accent-primary"
                    />
                    {gameListName(game.title)}
                  </label>
                ))}
              </fieldset>
            )}
            {newsletter?.pending && (
              <p role="status" className="text-xs text-muted-foreground">
                A confirmation link waits in your inbox: your new lists start once you open it.
              </p>
            )}
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
