import { Form } from "react-router";
import {
  API_KEY_HEADER,
  API_KEY_NAME_MAX,
  type ApiKeySummary,
  CONFIRM_PASSWORD_LABEL,
  CreateApiKeySchema,
} from "~/accounts";
import { LocalTime } from "~/platform/dates/local-time";
import { Field, SchemaForm, usePending, useSchemaForm } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/platform/ui/card";
import { Copy, KeySquare, Trash } from "~/platform/ui/icons";
import {
  IntentHidden,
  PasswordField,
  type ProfileReply,
  replyFor,
  SectionTitle,
} from "./security-parts";

// The Security section's personal API keys: named, shown once when made, listed by
// their first characters, revoked here. A key acts with the account's role of the moment.

function NewKey({ name, apiKey }: { name: string; apiKey: string }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
      data-testid="new-api-key"
    >
      <p className="font-medium">Your new key “{name}”. Copy it now: it is shown only this once.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-background px-2 py-1 font-mono text-xs">
          {apiKey}
        </code>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={async () => {
            await navigator.clipboard?.writeText(apiKey).catch(() => undefined);
            toast.success("Key copied");
          }}
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Send it in the <code>{API_KEY_HEADER}</code> header to /api/v1, or trade it for a 15-minute
        token at POST /api/v1/auth/token.
      </p>
    </div>
  );
}

/** The key a successful create-api-key reply carries. */
const madeKey = (reply?: ProfileReply) =>
  reply?.result && "kind" in reply.result && reply.result.kind === "api-key"
    ? reply.result
    : undefined;

function CreateKeyForm({
  reply,
  confirmationNeeded,
}: {
  reply?: ProfileReply;
  confirmationNeeded: boolean;
}) {
  const busy = usePending("create-api-key");
  const [form, fields] = useSchemaForm(CreateApiKeySchema, {
    id: "create-api-key-form",
    // A refusal echoes the intent; a made key's reply empties the form (it echoes no values), so
    // the name field is ready for the next key.
    lastResult: replyFor(reply, "create-api-key") ?? (madeKey(reply) ? reply : undefined),
  });
  const askPassword = confirmationNeeded || Boolean(replyFor(reply, "create-api-key"));
  return (
    <SchemaForm form={form} className="flex flex-wrap items-end gap-2">
      <IntentHidden intent="create-api-key" />
      <div className="min-w-48 flex-1">
        <Field
          meta={fields.name}
          id="api-key-name"
          label="Name for a new key"
          placeholder="e.g. Build server"
          maxLength={API_KEY_NAME_MAX}
        />
      </div>
      {askPassword && (
        <div className="min-w-48 flex-1">
          <PasswordField
            meta={fields.password}
            id="api-key-password"
            label={CONFIRM_PASSWORD_LABEL}
          />
        </div>
      )}
      <Button type="submit" disabled={busy}>
        <KeySquare aria-hidden="true" />
        {busy ? "Creating..." : "Create key"}
      </Button>
    </SchemaForm>
  );
}

function RevokeForm({ apiKey }: { apiKey: ApiKeySummary }) {
  const busy = usePending("revoke-api-key");
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`Revoke the key “${apiKey.name}”? Programs using it stop working.`)) {
          event.preventDefault();
        }
      }}
    >
      <IntentHidden intent="revoke-api-key" />
      <input type="hidden" name="keyId" value={apiKey.id} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        <Trash aria-hidden="true" />
        Revoke <span className="sr-only">{apiKey.name}</span>
      </Button>
    </Form>
  );
}

export function ApiKeysCard({
  apiKeys,
  confirmationNeeded,
  reply,
}: {
  apiKeys: ApiKeySummary[];
  confirmationNeeded: boolean;
  reply?: ProfileReply;
}) {
  const made = madeKey(reply);
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={KeySquare}>API keys</SectionTitle>
        <CardDescription>
          Let a script or a service call the studio API as you, with your role. Revoke a key the
          moment you no longer need it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {made && <NewKey name={made.name} apiKey={made.key} />}
        {apiKeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API keys yet.</p>
        ) : (
          <ul className="divide-y" data-testid="api-keys">
            {apiKeys.map((apiKey) => (
              <li
                key={apiKey.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div>
                  <p className="font-medium">{apiKey.name}</p>
                  <p className="text-xs text-muted-foreground">
                    <code>{apiKey.start ?? ""}…</code> · created{" "}
                    <LocalTime value={apiKey.createdAt} format="detail" /> ·{" "}
                    {apiKey.lastUsed ? (
                      <>
                        last used <LocalTime value={apiKey.lastUsed} format="detail" />
                      </>
                    ) : (
                      "never used"
                    )}
                  </p>
                </div>
                <RevokeForm apiKey={apiKey} />
              </li>
            ))}
          </ul>
        )}
        <CreateKeyForm reply={reply} confirmationNeeded={confirmationNeeded} />
      </CardContent>
    </Card>
  );
}
