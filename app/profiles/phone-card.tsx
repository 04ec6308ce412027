import { Link } from "react-router";
import {
  CONFIRM_PASSWORD_LABEL,
  FACTOR_NAME_MAX,
  PHONE_CODE_MINUTES,
  PHONE_FORMAT_HINT,
  type PhoneChallenge,
  PhoneCodeSchema,
  PhoneEnrolSchema,
  PhoneResendSchema,
  ResendCodeButton,
} from "~/accounts";
import { LocalTime } from "~/platform/dates/local-time";
import { Field, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { MessageSquareText, ShieldCheck } from "~/platform/ui/icons";
import {
  BackupCodes,
  IntentHidden,
  PasswordField,
  type ProfileReply,
  replyFor,
} from "./security-parts";

// The Security section's phone (docs/accounts-and-security.md#phone): adding one (its number, then
// the code texted to it), asking for another code, and the recovery codes shown once when the phone
// is the account's first factor. Every form posts to /profile, so each step works without
// JavaScript; the page reads a waiting code back from the server after a reload.

/** The code a reply just sent (adding the phone, or a new code), if it carries one. */
export function sentChallenge(reply?: ProfileReply): PhoneChallenge | undefined {
  const result = reply?.result;
  return result && "kind" in result && result.kind === "phone-challenge" ? result : undefined;
}

/** The recovery codes a reply carries when the phone became the account's first factor. */
export function enrolledCodes(reply?: ProfileReply): string[] | undefined {
  const result = reply?.result;
  return result && "kind" in result && result.kind === "phone-enrolled"
    ? result.backupCodes
    : undefined;
}

/** "Send a new code" for the phone being added (the server holds it to one each 30 seconds). */
export function PhoneResendForm({
  factorId,
  resendAt,
  reply,
}: {
  factorId: string;
  resendAt?: string;
  reply?: ProfileReply;
}) {
  const busy = usePending("resend-phone-code");
  const [form] = useSchemaForm(PhoneResendSchema, {
    id: `resend-phone-${factorId}`,
    lastResult: replyFor(reply, "resend-phone-code"),
  });
  return (
    <SchemaForm form={form} className="space-y-2">
      <IntentHidden intent="resend-phone-code" />
      <input type="hidden" name="factorId" value={factorId} />
      <ResendCodeButton resendAt={resendAt} busy={busy} />
    </SchemaForm>
  );
}

/** Where the code went and until when, the code field, and a way to ask for another. */
export function PhoneCodeStep({
  challenge,
  fresh,
  reply,
}: {
  challenge: PhoneChallenge;
  fresh: boolean;
  reply?: ProfileReply;
}) {
  const busy = usePending("confirm-phone");
  const [form, fields] = useSchemaForm(PhoneCodeSchema, {
    id: `confirm-phone-${challenge.challengeId}`,
    lastResult: replyFor(reply, "confirm-phone"),
  });
  return (
    <div className="space-y-3 rounded-lg border p-4" data-testid="phone-code-step">
      <p className="text-sm" role="status">
        We sent a code to {challenge.masked}.{" "}
        {fresh ? (
          `It expires in ${PHONE_CODE_MINUTES} minutes.`
        ) : (
          <>
            It can be used until <LocalTime value={challenge.expiresAt} format="detail" />.
          </>
        )}
      </p>
      <SchemaForm form={form} className="flex flex-wrap items-end gap-2">
        <IntentHidden intent="confirm-phone" />
        <input type="hidden" name="challengeId" value={challenge.challengeId} />
        <div className="min-w-48 flex-1">
          <Field
            meta={fields.code}
            id="phone-code"
            label="Code from the text message"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus={fresh}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Confirming..." : "Confirm"}
        </Button>
      </SchemaForm>
      <PhoneResendForm factorId={challenge.factorId} resendAt={challenge.resendAt} reply={reply} />
    </div>
  );
}

/** Adding a phone: its name and number (and the password when the session was not confirmed lately). */
export function AddPhone({
  confirmationNeeded,
  reply,
}: {
  confirmationNeeded: boolean;
  reply?: ProfileReply;
}) {
  const busy = usePending("add-phone");
  const refused = replyFor(reply, "add-phone");
  const [form, fields] = useSchemaForm(PhoneEnrolSchema, {
    id: "add-phone-form",
    lastResult: refused,
    defaultValue: { name: "Phone" },
  });
  // The server's word wins: a page left open past the window is told so on its first try.
  const askPassword = confirmationNeeded || Boolean(refused);
  return (
    <section aria-labelledby="add-phone-heading" className="mt-4 space-y-3 border-t pt-4">
      <h4 id="add-phone-heading" className="flex items-center gap-2 font-medium">
        <MessageSquareText aria-hidden="true" className="size-4 text-primary" />
        Add a phone
      </h4>
      <p className="text-sm text-muted-foreground">
        Get a sign-in code by text message. An authenticator app or a passkey is safer where you can
        use one.
      </p>
      <SchemaForm form={form} className="grid gap-3 sm:grid-cols-2">
        <IntentHidden intent="add-phone" />
        <Field meta={fields.name} id="phone-name" label="Name" maxLength={FACTOR_NAME_MAX} />
        <Field
          meta={fields.phone}
          id="phone-number"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="+46 70 123 45 67"
          hint={PHONE_FORMAT_HINT}
        />
        {askPassword && (
          <PasswordField
            meta={fields.password}
            id="phone-password"
            label={CONFIRM_PASSWORD_LABEL}
          />
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            <MessageSquareText aria-hidden="true" />
            {busy ? "Sending..." : "Send a code"}
          </Button>
        </div>
      </SchemaForm>
    </section>
  );
}

/** The phone is added as the account's first factor: its recovery codes, shown this once. */
export function PhoneEnrolledNotice({ codes }: { codes: string[] }) {
  return (
    <div
      role="status"
      className="mb-4 space-y-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
      data-testid="phone-enrolled"
    >
      <p className="flex items-center gap-2 font-medium">
        <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
        Phone added: two-factor authentication is on.
      </p>
      <div>
        <p>
          Keep these recovery codes somewhere safe. Each signs you in once if you lose your phone.
          They are shown only this once.
        </p>
        <BackupCodes codes={codes} />
      </div>
      <Button asChild>
        <Link to="/profile?tab=profile#security">Done</Link>
      </Button>
    </div>
  );
}
