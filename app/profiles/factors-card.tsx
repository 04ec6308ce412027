import { Fingerprint, KeyRound, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import {
  CONFIRM_PASSWORD_LABEL,
  CONFIRMATION_REQUIRED,
  FACTOR_NAME_MAX,
  FACTOR_TYPE_LABELS,
  type Factor,
  RemovePasskeySchema,
  RenameFactorSchema,
  registerPasskey,
} from "~/accounts";
import { LocalTime } from "~/platform/dates/local-time";
import { Field, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/platform/ui/card";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import {
  IntentHidden,
  PasswordField,
  type ProfileReply,
  replyFor,
  SectionTitle,
} from "./security-parts";

// The Security section's sign-in factors (the spec's factors: id, type, friendly name, status):
// the authenticator app and every passkey, each named and renamed here; passkeys are added from
// this device and removed here (the last factor of an account only with its password).

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

function RemovePasskeyForm({
  factor,
  last,
  reply,
}: {
  factor: Factor;
  last: boolean;
  reply?: ProfileReply;
}) {
  const busy = usePending("remove-passkey");
  const sent = replyFor(reply, "remove-passkey");
  const [form, fields] = useSchemaForm(RemovePasskeySchema, {
    id: `remove-${factor.id}`,
    lastResult: sent?.initialValue?.factorId === factor.id ? sent : undefined,
  });
  return (
    <SchemaForm form={form} className="flex flex-wrap items-end gap-2">
      <IntentHidden intent="remove-passkey" />
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
        <Trash2 aria-hidden="true" />
        Remove {factor.friendlyName}
      </Button>
    </SchemaForm>
  );
}

function FactorRow({
  factor,
  last,
  reply,
}: {
  factor: Factor;
  last: boolean;
  reply?: ProfileReply;
}) {
  const Icon = factor.type === "webauthn" ? Fingerprint : KeyRound;
  return (
    <li className="space-y-3 py-4" data-testid="factor">
      <div className="flex flex-wrap items-center gap-2">
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        <p className="font-medium">{factor.friendlyName}</p>
        <StatusBadge status={factor.status} />
        <p className="w-full text-xs text-muted-foreground">
          {FACTOR_TYPE_LABELS[factor.type]}
          {factor.createdAt && (
            <>
              {" "}
              · added <LocalTime value={factor.createdAt} format="detail" />
            </>
          )}
          {factor.type === "webauthn" &&
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
      <details className="text-sm">
        <summary className="cursor-pointer text-primary">
          <Pencil aria-hidden="true" className="mr-1 inline size-3" />
          Rename or remove
        </summary>
        <div className="mt-3 space-y-3">
          <RenameForm factor={factor} reply={reply} />
          {factor.type === "webauthn" ? (
            <RemovePasskeyForm factor={factor} last={last} reply={reply} />
          ) : (
            <p className="text-xs text-muted-foreground">
              Turn the authenticator app off in the two-factor card above.
            </p>
          )}
        </div>
      </details>
    </li>
  );
}

/**
 * Adds a passkey on this device: the browser asks the authenticator, the server keeps its key.
 * The password is asked first when the session's last sign-in or confirmation is too old.
 */
function AddPasskey({ confirmationNeeded }: { confirmationNeeded: boolean }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  // The server's word wins: a page left open past the window is told so on its first try.
  const [askPassword, setAskPassword] = useState(confirmationNeeded);
  const { revalidate } = useRevalidator();
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-t pt-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        const outcome = await registerPasskey(name.trim() || "Passkey", password || undefined);
        setBusy(false);
        setPassword("");
        if (outcome.ok) {
          setName("");
          setAskPassword(false);
          toast.success("Passkey added", {
            description: "You can now sign in with it instead of your password.",
          });
          await revalidate();
        } else if (!outcome.cancelled) {
          if (outcome.message === CONFIRMATION_REQUIRED) setAskPassword(true);
          toast.error("Error", { description: outcome.message });
        }
      }}
    >
      <div className="min-w-48 flex-1 space-y-2">
        <Label htmlFor="passkey-name">Name for the new passkey</Label>
        <Input
          id="passkey-name"
          value={name}
          maxLength={FACTOR_NAME_MAX}
          placeholder="e.g. Work laptop"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      {askPassword && (
        <div className="min-w-48 flex-1 space-y-2">
          <Label htmlFor="passkey-password">{CONFIRM_PASSWORD_LABEL}</Label>
          <Input
            id="passkey-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
      )}
      <Button type="submit" disabled={busy}>
        <Fingerprint aria-hidden="true" />
        {busy ? "Waiting for your device..." : "Add a passkey"}
      </Button>
    </form>
  );
}

export function FactorsCard({
  factors,
  confirmationNeeded,
  reply,
}: {
  factors: Factor[];
  confirmationNeeded: boolean;
  reply?: ProfileReply;
}) {
  const verified = factors.filter((factor) => factor.status === "verified");
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={Fingerprint}>Passkeys and sign-in factors</SectionTitle>
        <CardDescription>
          A passkey signs you in with your fingerprint, face or device PIN, and counts as a second
          factor. Each factor here has a name you choose.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {factors.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="no-factors">
            No passkeys or authenticator app yet.
          </p>
        ) : (
          <ul className="divide-y" data-testid="factors">
            {factors.map((factor) => (
              <FactorRow
                key={factor.id}
                factor={factor}
                last={verified.length === 1 && verified[0]?.id === factor.id}
                reply={reply}
              />
            ))}
          </ul>
        )}
        <AddPasskey confirmationNeeded={confirmationNeeded} />
      </CardContent>
    </Card>
  );
}
