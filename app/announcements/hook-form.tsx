import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { failureMessage } from "~/platform/forms/fetcher-reply";
import { Field, FormErrors, SelectField, useSchemaForm } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Copy } from "~/platform/ui/icons";
import type { HookReply, HookView } from "./announcement-views";
import { HOOK_LIMITS, type HookKind, HookSchema } from "./hook-schema";

// The form that adds a hook or edits one (docs/product.md#announcements), on the one hook schema;
// a new generic hook's signing secret is shown once above it.

export function HookForm({
  hook,
  scopes,
  onDone,
  reply,
}: {
  hook?: HookView;
  scopes: { value: string; label: string }[];
  onDone?: () => void;
  /** The page's own answer when the form was posted without JavaScript. */
  reply?: HookReply;
}) {
  const fetcher = useFetcher<HookReply>();
  const id = hook ? `hook-form-${hook.id}` : "hook-form-new";
  const [form, fields] = useSchemaForm(HookSchema, {
    id,
    lastResult: fetcher.state === "idle" ? (fetcher.data ?? reply) : undefined,
    defaultValue: {
      hookId: hook?.id ?? "",
      kind: hook?.kind ?? "discord",
      scope: hook?.gameId ?? "studio",
      label: hook?.label ?? "",
      url: "",
      roleId: hook?.roleId ?? "",
      threadName: hook?.threadName ?? "",
    },
  });
  const [secret, setSecret] = useState<string | null>(null);
  const kind = (fields.kind.value as HookKind | undefined) ?? hook?.kind ?? "discord";
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data) return;
    if (data.status === "success") {
      toast.success(data.result?.message ?? "Hook saved.");
      setSecret(data.result?.secret ?? null);
      onDone?.();
    } else {
      const message = failureMessage(data);
      if (message && !Object.keys(data.error ?? {}).some((key) => key !== ""))
        toast.error("Failed to save the hook", { description: message });
    }
  }, [fetcher.state, fetcher.data, onDone]);
  const saving = fetcher.state !== "idle";
  return (
    <div className="space-y-4">
      {secret && <SecretOnce secret={secret} onHide={() => setSecret(null)} />}
      <fetcher.Form
        method="post"
        id={form.id}
        noValidate
        onSubmit={form.onSubmit}
        className="grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="hook-save" />
        <input type="hidden" name={fields.hookId.name} value={hook?.id ?? ""} />
        {form.errors?.length ? (
          <div className="sm:col-span-2">
            <FormErrors errors={form.errors} />
          </div>
        ) : null}
        {hook ? (
          <input type="hidden" name={fields.kind.name} value={hook.kind} />
        ) : (
          <SelectField
            meta={fields.kind}
            label="Kind"
            options={[
              { value: "discord", label: "Discord webhook" },
              { value: "webhook", label: "Generic webhook (signed JSON)" },
            ]}
          />
        )}
        <SelectField meta={fields.scope} label="Announces" options={scopes} />
        <Field meta={fields.label} label="Name" maxLength={HOOK_LIMITS.label} />
        <Field
          meta={fields.url}
          label="URL"
          type="url"
          autoComplete="off"
          placeholder={
            kind === "discord"
              ? "https://discord.com/api/webhooks/…"
              : "https://example.com/hooks/posts"
          }
          hint={
            hook
              ? "Leave blank to keep the stored URL (it is never shown again)."
              : kind === "discord"
                ? "Discord: channel settings → Integrations → Webhooks → Copy Webhook URL."
                : "A signing secret is made for it and shown once."
          }
        />
        {kind === "discord" && (
          <>
            <Field
              meta={fields.roleId}
              label="Role to mention (optional)"
              inputMode="numeric"
              hint="The role's id (Copy Role ID in Discord); only this role is pinged."
            />
            <Field
              meta={fields.threadName}
              label="Thread title (forum channels)"
              maxLength={HOOK_LIMITS.threadName}
              hint="For a forum channel's webhook: each post opens a thread with this title."
            />
          </>
        )}
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : hook ? "Save hook" : "Add hook"}
          </Button>
          {onDone && (
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
        </div>
      </fetcher.Form>
    </div>
  );
}

export function SecretOnce({ secret, onHide }: { secret: string; onHide: () => void }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
    >
      <p className="font-medium">Signing secret: copy it now, it is not shown again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          className="rounded bg-background px-2 py-1 font-mono text-xs [overflow-wrap:anywhere]"
          data-testid="hook-secret"
        >
          {secret}
        </code>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() =>
            navigator.clipboard
              ?.writeText(secret)
              .then(() => toast.success("Secret copied"))
              .catch(() => toast.error("Could not copy: select the text instead"))
          }
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onHide}>
          Done
        </Button>
      </div>
    </div>
  );
}
