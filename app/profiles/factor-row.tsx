import {
  FACTOR_NAME_MAX,
  FACTOR_TYPE_LABELS,
  type Factor,
  type PhoneChallenge,
  RemovePasskeySchema,
  RemovePhoneSchema,
  RenameFactorSchema,
} from "~/accounts";
import { LocalTime } from "~/platform/dates/local-time";
import { Field, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { Fingerprint, KeyRound, Pencil, Smartphone, Trash } from "~/platform/ui/icons";
import { PhoneCodeStep, PhoneResendForm } from "./phone-card";
import { IntentHidden, PasswordField, type ProfileReply, replyFor } from "./security-parts";

// One sign-in factor of the Security section's list: its name, kind, status and dates, renamed and
// removed here (the account's last factor only with its password). A phone being added shows the
// step that finishes it: the code it was sent, or a way to ask for another.

function StatusBadge({ status }: { status: Factor["status"] }) {
  return status === "verified" ? (
    <span className="rounded-full bg-green-600/15 px-2 py-0.5 text-xs text-green-800 dark:text-green-300">
      Verified
    </span>
  ) : (
    <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-xs text-amber-800 dark:text-amber-300">
      Not verified
    </span>
  );
}

function RenameForm({ factor, reply }: { factor: Factor; reply?: ProfileReply }) {
  const busy = usePending("rename-factor");
  const sent = replyFor(reply, "rename-factor");
  const [form, fields] = useSchemaForm(RenameFactorSchema, {
    id: `rename-${factor.id}`,
    lastResult: sent?.initialValue?.factorId === factor.id ? sent : undefined,
    defaultValue: { factorId: factor.id, name: factor.friendlyName },
  });
  return (
    <SchemaForm form={form} className="flex flex-wrap items-end gap-2">
      <IntentHidden intent="rename-factor" />
      <input type="hidden" name="factorId" value={factor.id} />
      <div className="min-w-48 flex-1">
        <Field
          meta={fields.name}
          id={`rename-${factor.id}-name`}
          label={`New name for ${factor.friendlyName}`}
          maxLength={FACTOR_NAME_MAX}
        />
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        Save name
      </Button>
    </SchemaForm>
  );
}

/** Removes a passkey or the phone; the account's last verified factor asks for the password. */
function RemoveForm({
  factor,
  last,
  reply,
}: {
  factor: Factor;
  last: boolean;
  reply?: ProfileReply;
}) {
  const intent = factor.type === "phone" ? "remove-phone" : "remove-passkey";
  const busy = usePending(intent);
  const sent = replyFor(reply, intent);
  const [form, fields] = useSchemaForm(
    factor.type === "phone" ? RemovePhoneSchema : RemovePasskeySchema,
    {
      id: `remove-${factor.id}`,
      lastResult: sent?.initialValue?.factorId === factor.id ? sent : undefined,
    },
  );
  return (
    <SchemaForm form={form} className="flex flex-wrap items-end gap-2">
      <IntentHidden intent={intent} />
      <input type="hidden" name="factorId" value={factor.id} />
      {last && (
        <div className="min-w-48 flex-1">
          <PasswordField
            meta={fields.password}
            id={`remove-${factor.id}-password`}
            label="Your password, to remove your last sign-in factor"
          />
        </div>
      )}
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        <Trash aria-hidden="true" />
        Remove {factor.friendlyName}
      </Button>
    </SchemaForm>
  );
}

const ICONS = { totp: KeyRound, webauthn: Fingerprint, phone: Smartphone } as const;

/** "Phone ·· 67" for a phone (its last two digits), else the kind's label. */
const kindLabel = (factor: Factor) =>
  factor.type === "phone" && factor.phone
    ? `Phone ·· ${factor.phone.slice(-2)}`
    : FACTOR_TYPE_LABELS[factor.type];

/** A phone not yet added: the code step while its code lives, else a way to ask for a new one. */
function WaitingPhone({
  factor,
  challenge,
  fresh,
  reply,
}: {
  factor: Factor;
  challenge: PhoneChallenge | null;
  fresh: boolean;
  reply?: ProfileReply;
}) {
  if (challenge?.factorId === factor.id) {
    return <PhoneCodeStep challenge={challenge} fresh={fresh} reply={reply} />;
  }
  return (
    <div className="space-y-2 rounded-lg border p-4 text-sm">
      <p>Its code has expired or was used up. Send a new code to finish adding this phone.</p>
      <PhoneResendForm factorId={factor.id} reply={reply} />
    </div>
  );
}

export function FactorRow({
  factor,
  last,
  challenge,
  fresh,
  reply,
}: {
  factor: Factor;
  last: boolean;
  /** The code a phone being added waits for, if any. */
  challenge: PhoneChallenge | null;
  /** The code was sent by this very answer (not read back on a reload). */
  fresh: boolean;
  reply?: ProfileReply;
}) {
  const Icon = ICONS[factor.type];
  const used = factor.type === "webauthn" || factor.type === "phone";
  return (
    <li className="space-y-3 py-4" data-testid="factor">
      <div className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        <p className="font-medium">{factor.friendlyName}</p>
        <StatusBadge status={factor.status} />
        <p className="w-full text-xs text-muted-foreground">
          {kindLabel(factor)}
          {factor.createdAt && (
            <>
              {" "}
              · added <LocalTime value={factor.createdAt} format="detail" />
            </>
          )}
          {used &&
            (factor.lastUsed ? (
              <>
                {" "}
                · last used <LocalTime value={factor.lastUsed} format="detail" />
              </>
            ) : (
              " · never used"
            ))}
        </p>
      </div>
      {factor.type === "phone" && factor.status === "unverified" && (
        <WaitingPhone factor={factor} challenge={challenge} fresh={fresh} reply={reply} />
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-primary">
          <Pencil aria-hidden="true" className="mr-1 inline size-3" />
          Rename or remove
        </summary>
        <div className="mt-3 space-y-3">
          <RenameForm factor={factor} reply={reply} />
          {factor.type === "totp" ? (
            <p className="text-xs text-muted-foreground">
              Turn the authenticator app off in the two-factor card above.
            </p>
          ) : (
            <RemoveForm factor={factor} last={last} reply={reply} />
          )}
        </div>
      </details>
    </li>
  );
}
