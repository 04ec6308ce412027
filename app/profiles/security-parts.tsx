import type { CreatedApiKey, PhoneChallenge, PhoneEnrolled, TwoFactorEnrolment } from "~/accounts";
import type { FormReplyWith } from "~/platform/forms/reply-with.server";
import { Field, type FieldMeta } from "~/platform/forms/schema-form";
import { CardTitle } from "~/platform/ui/card";
import type { IconComponent } from "~/platform/ui/icons";
import type { ProfileIntent } from "./profile-schema";

// The pieces every card of the profile's Security section shares (docs/product.md#security).

export type Device = {
  id: string;
  device: string;
  ipAddress: string | null;
  lastActive: string;
  current: boolean;
};

/**
 * The /profile action's reply; turning two-factor on also carries the enrolment, making an API key
 * the key (shown once).
 */
export type ProfileReply = FormReplyWith<
  TwoFactorEnrolment | CreatedApiKey | PhoneChallenge | PhoneEnrolled
>;

/** The reply when it answers the form of this intent (each form echoes its `intent`). */
export const replyFor = (reply: ProfileReply | undefined, intent: ProfileIntent) =>
  reply?.initialValue?.intent === intent ? reply : undefined;

/** The hidden field that names which of the section's forms was sent. */
export function IntentHidden({ intent }: { intent: ProfileIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

export function SectionTitle({
  Icon,
  children,
}: {
  Icon: IconComponent;
  children: React.ReactNode;
}) {
  return (
    <CardTitle asChild>
      <h3 className="flex items-center gap-2 text-lg">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        {children}
      </h3>
    </CardTitle>
  );
}

/** A password field of the section, with the browser's autofill for the current password. */
export function PasswordField({ meta, id, label }: { meta: FieldMeta; id: string; label: string }) {
  return (
    <Field meta={meta} id={id} label={label} type="password" autoComplete="current-password" />
  );
}

/** Recovery (backup) codes, shown once: the app's enrolment and a first phone show them alike. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ul>
  );
}
