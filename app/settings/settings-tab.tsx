import { useState } from "react";
import { ImageUpload, imageSrc, type MediaImage } from "~/media";
import { failureMessage, useFetcherReply } from "~/platform/forms/fetcher-reply";
import {
  Field,
  type FieldMeta,
  FormErrors,
  SelectField,
  TextareaField,
  useSchemaForm,
} from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { HEADING_FONTS } from "./fonts";
import { WEEKDAYS } from "./hours";
import type { ArrangedEntry } from "./navigation";
import { NavigationEditor } from "./navigation-editor";
import { SettingsPreview } from "./settings-preview";
import {
  SETTINGS_LIMITS,
  SettingsFormSchema,
  type SiteSettings,
  settingsFormValues,
} from "./settings-schema";

// The Site Settings tab (docs/product.md#site-settings): the studio's identity, words, addresses,
// hours, links, mail sender and look, with a preview of the header and hero in both themes before
// saving. Posted through a fetcher; the same schema checks it here and on the server. Below it, the
// navigation's own editor (./navigation-editor.tsx).

const FONT_OPTIONS = HEADING_FONTS.map(({ value, label }) => ({ value, label }));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function SettingsTab({
  settings,
  logo,
  games,
  navigation,
}: {
  settings: SiteSettings;
  logo: MediaImage | null;
  /** The catalogue, for the featured game's choice. */
  games: readonly { id: string; title: string }[];
  /** The header's and the footer's links as the editor shows them, every page among them. */
  navigation: readonly ArrangedEntry[];
}) {
  const fetcher = useFetcherReply("settings-save", (reply) => {
    if (reply.status === "success") toast.success("Settings saved");
    else toast.error("Settings were not saved", { description: failureMessage(reply) });
  });
  const [form, fields] = useSchemaForm(SettingsFormSchema, {
    id: "site-settings",
    lastResult: fetcher.data,
    defaultValue: settingsFormValues(settings),
  });
  const [logoImage, setLogoImage] = useState<{ id: string; src: string } | null>(
    settings.logo && logo ? { id: settings.logo, src: imageSrc(logo) } : null,
  );
  const text = (name: keyof typeof fields) => fields[name] as FieldMeta;
  const value = (name: keyof typeof fields) => String(text(name).value ?? "");
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,26rem)] lg:items-start">
      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-lg">Site Settings</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <fetcher.Form
              id={form.id}
              method="post"
              noValidate
              className="space-y-6"
              onSubmit={form.onSubmit}
            >
              <input type="hidden" name="intent" value="settings-save" />
              <FormErrors errors={form.errors} />
              <Section title="Studio">
                <Field meta={text("name")} label="Studio name" maxLength={SETTINGS_LIMITS.name} />
                <Field meta={text("tagline")} label="Tagline" maxLength={SETTINGS_LIMITS.tagline} />
                <TextareaField
                  meta={text("description")}
                  label="Description"
                  hint="For search engines and link previews."
                  rows={2}
                  maxLength={SETTINGS_LIMITS.description}
                />
                <input type="hidden" name="logo" value={logoImage?.id ?? ""} />
                <div className="space-y-2">
                  {logoImage && (
                    <div className="flex items-center gap-3">
                      <img
                        src={logoImage.src}
                        alt="The studio's logo"
                        className="size-12 rounded object-contain"
                      />
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        onClick={() => setLogoImage(null)}
                      >
                        Remove logo
                      </Button>
                    </div>
                  )}
                  <ImageUpload
                    id="settings-logo"
                    label="Upload logo"
                    onUploaded={(media) =>
                      setLogoImage({ id: media.id, src: imageSrc(media.image) })
                    }
                  />
                  {text("logo").errors?.[0] && (
                    <p className="text-sm font-medium text-destructive">
                      {text("logo").errors?.[0]}
                    </p>
                  )}
                  <p className="text-xs text-muted-foreground">
                    The favicon, the Apple touch icon and the default link preview image are made
                    from it when you save.
                  </p>
                </div>
              </Section>
              <Section title="Home page">
                <Field
                  meta={text("heroHeading")}
                  label="Hero heading"
                  hint="Empty: the studio's name."
                  maxLength={SETTINGS_LIMITS.heroHeading}
                />
                <TextareaField
                  meta={text("heroText")}
                  label="Hero text"
                  rows={2}
                  maxLength={SETTINGS_LIMITS.heroText}
                />
                <TextareaField
                  meta={text("vision")}
                  label="Our Vision (Markdown)"
                  rows={4}
                  maxLength={SETTINGS_LIMITS.markdown}
                />
                <TextareaField
                  meta={text("values")}
                  label="Our Values (Markdown)"
                  rows={4}
                  maxLength={SETTINGS_LIMITS.markdown}
                />
                <TextareaField
                  meta={text("callToAction")}
                  label="Call to action (Markdown)"
                  hint="Shown above the 'Browse Games' and 'Contact the Team' buttons."
                  rows={3}
                  maxLength={SETTINGS_LIMITS.markdown}
                />
                <SelectField
                  meta={text("featuredGame")}
                  label="Featured game"
                  hint="Shown under the hero on Home with its key art, trailer and store buttons."
                  options={[
                    { value: "", label: "None" },
                    ...games.map((game) => ({ value: game.id, label: game.title })),
                  ]}
                />
              </Section>
              <Section title="Contact">
                <div className="grid gap-4 sm:grid-cols-3">
                  <Field meta={text("emailGeneral")} label="General e-mail" type="email" />
                  <Field meta={text("emailPress")} label="Press e-mail" type="email" />
                  <Field meta={text("emailJobs")} label="Jobs e-mail" type="email" />
                </div>
                <Field
                  meta={text("location")}
                  label="Location"
                  maxLength={SETTINGS_LIMITS.location}
                />
                <TextareaField
                  meta={text("postalAddress")}
                  label="Postal address"
                  rows={3}
                  maxLength={SETTINGS_LIMITS.postalAddress}
                  hint="Shown at the foot of every newsletter mail. The laws on commercial mail expect one (CAN-SPAM in the US, the Impressum rules in Germany): until it is set, the news editor warns before a mail goes out."
                />
                <p className="text-sm text-muted-foreground">
                  Studio hours: write each day as 14:00-18:00, or leave it empty when closed.
                </p>
                <div className="grid gap-4 sm:grid-cols-2">
                  {WEEKDAYS.map(({ key, label }) => (
                    <Field
                      key={key}
                      meta={text(`hours_${key}`)}
                      label={label}
                      placeholder="Closed"
                    />
                  ))}
                </div>
                <Field
                  meta={text("timeZone")}
                  label="Time zone"
                  placeholder="Europe/Lisbon"
                  hint="An IANA zone. Empty: the server's STUDIO_TIME_ZONE."
                />
                <TextareaField
                  meta={text("socialLinks")}
                  label="Social links"
                  rows={4}
                  hint="One link per line, optionally with a name before it. Discord, YouTube, Twitch, Bluesky, Steam Community and Telegram links get their own icon."
                />
              </Section>
              <Section title="Mail">
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field
                    meta={text("senderName")}
                    label="Sender name"
                    hint="Empty: the studio's name."
                  />
                  <Field
                    meta={text("senderAddress")}
                    label="Sender address"
                    type="email"
                    hint="Empty: no-reply at the site's host."
                  />
                </div>
              </Section>
              <Section title="Look">
                <Field
                  meta={text("accentColor")}
                  label="Accent colour"
                  placeholder="#5b3fd1"
                  hint="A hex colour. It must read well on the light background (4.5:1); the dark theme uses it lightened. Empty: the site's default."
                />
                <SelectField
                  meta={text("headingFont")}
                  label="Heading font"
                  options={FONT_OPTIONS}
                />
              </Section>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "Saving..." : "Save settings"}
              </Button>
            </fetcher.Form>
          </CardContent>
        </Card>
        <NavigationEditor entries={navigation} />
      </div>
      <div className="lg:sticky lg:top-20">
        <SettingsPreview
          values={{
            name: value("name"),
            tagline: value("tagline"),
            heroHeading: value("heroHeading"),
            heroText: value("heroText"),
            accentColor: value("accentColor"),
            headingFont: value("headingFont"),
            logoSrc: logoImage?.src ?? null,
          }}
        />
      </div>
    </div>
  );
}
