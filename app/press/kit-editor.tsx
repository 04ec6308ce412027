import { useState } from "react";
import { ImageUpload, type MediaImage, ResponsiveImage } from "~/media";
import { StudioZoneHint, useStudioTimeZone } from "~/platform/dates/local-time";
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
import { X } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { KitFormSchema, kitFormValues } from "./kit-form";
import { type KitData, MONETIZATION, MONETIZATION_WORDS } from "./kit-schema";

export { KitFormSchema };

// The "Press kit" editor of one kit (a game's or the studio's): its own fields, its visibility and
// its logos. What the game or the site settings keep is edited there, not here.

export type EditedKit = {
  listed: boolean;
  embargoUntil: string | null;
  data: KitData;
  /** The game goes public when the embargo lifts. */
  announceGame?: boolean;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

const POLICY_OPTIONS = MONETIZATION.map((value) => ({ value, label: MONETIZATION_WORDS[value] }));

function LogosField({
  initial,
  images,
}: {
  initial: KitData["logos"];
  images: Record<string, MediaImage>;
}) {
  const [logos, setLogos] = useState(
    initial.map((logo) => ({ ...logo, picture: images[logo.image] ?? null })),
  );
  return (
    <div className="space-y-3">
      <input
        type="hidden"
        name="logos"
        value={JSON.stringify(logos.map(({ image, alt }) => ({ image, alt })))}
      />
      <ul className="grid gap-3 sm:grid-cols-2">
        {logos.map((logo, i) => (
          <li key={logo.image} className="space-y-2 rounded-md border p-2">
            {logo.picture && (
              <ResponsiveImage
                image={logo.picture}
                alt=""
                sizes="16rem"
                className="h-20 w-full object-contain"
              />
            )}
            <label className="block text-sm font-medium" htmlFor={`logo-alt-${i}`}>
              Logo {i + 1}: alt text
            </label>
            <Input
              id={`logo-alt-${i}`}
              value={logo.alt}
              onChange={(event) =>
                setLogos(logos.map((l, j) => (j === i ? { ...l, alt: event.target.value } : l)))
              }
            />
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setLogos(logos.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" /> Remove logo {i + 1}
            </Button>
          </li>
        ))}
      </ul>
      <ImageUpload
        label="Upload a logo"
        pressLogo
        onUploaded={(media) =>
          setLogos([...logos, { image: media.id, alt: "", picture: media.image }])
        }
      />
    </div>
  );
}

/** "Announce the game when the embargo lifts" (docs/product.md#game-visibility). */
function AnnounceGameField({ meta, kit }: { meta: FieldMeta; kit: EditedKit }) {
  const error = meta.errors?.[0];
  const hint = `${meta.id}-hint`;
  const message = `${meta.id}-error`;
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name={meta.name}
          id={meta.id}
          defaultChecked={kit.announceGame}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hint} ${message}` : hint}
          className="size-4"
        />
        Announce the game when the embargo lifts
      </label>
      <p id={hint} className="text-xs text-muted-foreground">
        Until then the game is on no list and its page is not found; then it goes public by itself.
        Unticking later leaves the game as it is (change it in Game Management).
      </p>
      {error && (
        <p id={message} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function KitEditor({
  kit,
  gameId,
  logoImages,
  canAnnounce = false,
}: {
  kit: EditedKit;
  /** Null: the studio's kit. */
  gameId: string | null;
  logoImages: Record<string, MediaImage>;
  /** Staff who manage games: the game may be announced when the embargo lifts. */
  canAnnounce?: boolean;
}) {
  const fetcher = useFetcherReply("press-save", (reply) => {
    if (reply.status === "success") toast.success("Press kit saved");
    else toast.error("Press kit was not saved", { description: failureMessage(reply) });
  });
  const [form, fields] = useSchemaForm(KitFormSchema, {
    id: `press-kit-${gameId ?? "studio"}`,
    lastResult: fetcher.data,
    defaultValue: kitFormValues(kit, gameId, useStudioTimeZone()),
  });
  const f = (name: keyof typeof fields) => fields[name] as FieldMeta;
  const lines = "One a line; parts split by |";
  return (
    <fetcher.Form
      id={form.id}
      method="post"
      noValidate
      className="space-y-6"
      onSubmit={form.onSubmit}
    >
      <input type="hidden" name="intent" value="press-save" />
      <input type="hidden" name="gameId" value={gameId ?? ""} />
      <FormErrors errors={form.errors} />
      <Section title="Visibility">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="listed" defaultChecked={kit.listed} className="size-4" />
          Listed (unticked: only a signed link opens it)
        </label>
        <Field
          meta={f("embargoUntil")}
          type="datetime-local"
          label="Embargo until"
          hint={
            <>
              <StudioZoneHint /> Empty: no embargo.
            </>
          }
        />
        {gameId && canAnnounce && <AnnounceGameField meta={f("announceGame")} kit={kit} />}
      </Section>
      {gameId ? (
        <Section title="Facts">
          <Field meta={f("developer")} label="Developer" hint="Empty: the studio's name." />
          <Field meta={f("publisher")} label="Publisher" hint="Empty: the studio's name." />
          <Field
            meta={f("releaseText")}
            label="Release date in words"
            hint="When the game has no date: 'Spring 2031'. Empty: TBA."
          />
          <TextareaField
            meta={f("releaseDates")}
            label="Release date per platform"
            hint={`${lines}: Platform | YYYY-MM-DD or TBA`}
            rows={3}
          />
          <TextareaField
            meta={f("prices")}
            label="Prices"
            hint={`${lines}: Currency | Price`}
            rows={3}
          />
          <Field meta={f("languages")} label="Languages" hint="Comma-separated." />
          <TextareaField meta={f("contentWarnings")} label="Content warnings" rows={2} />
          <SelectField
            meta={f("monetization")}
            label="Streaming and monetization"
            options={POLICY_OPTIONS}
          />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="pressCanRequestCopy"
              defaultChecked={kit.data.pressCanRequestCopy}
              className="size-4"
            />
            Press can request a copy
          </label>
        </Section>
      ) : (
        <Section title="Studio">
          <Field meta={f("basedIn")} label="Based in" hint="Empty: the site settings' location." />
          <Field meta={f("foundingDate")} label="Founding date" />
          <TextareaField
            meta={f("contacts")}
            label="More contacts"
            hint={`${lines}: Label | e-mail or link`}
            rows={3}
          />
        </Section>
      )}
      <Section title="Words">
        <TextareaField meta={f("history")} label="History" rows={4} />
        {gameId && (
          <>
            <TextareaField meta={f("features")} label="Features" hint="One a line." rows={4} />
            <TextareaField
              meta={f("trailers")}
              label="More trailers"
              hint={`${lines}: Name | YouTube id | Vimeo id`}
              rows={2}
            />
            <TextareaField
              meta={f("awards")}
              label="Awards"
              hint={`${lines}: Award | Where and when`}
              rows={3}
            />
            <TextareaField
              meta={f("quotes")}
              label="Quotes"
              hint={`${lines}: Quote | Author | Outlet | Link`}
              rows={3}
            />
            <TextareaField
              meta={f("additionals")}
              label="Additional links"
              hint={`${lines}: Title | Description | Link`}
              rows={2}
            />
          </>
        )}
        <TextareaField
          meta={f("credits")}
          label={gameId ? "Credits" : "Team"}
          hint={`${lines}: Name | Role | Link`}
          rows={4}
        />
      </Section>
      <Section title="Logos">
        <LogosField initial={kit.data.logos} images={logoImages} />
      </Section>
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Save press kit
      </Button>
    </fetcher.Form>
  );
}
