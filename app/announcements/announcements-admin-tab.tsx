import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { failureMessage } from "~/platform/forms/fetcher-reply";
import { IntentForm } from "~/platform/forms/schema-form";
import { toast } from "~/platform/toast/notify";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Pencil, Send, Trash } from "~/platform/ui/icons";
import type { DeliveryView, HookReply, HookView } from "./announcement-views";
import { DeliveryLog } from "./delivery-log";
import { HookForm, SecretOnce } from "./hook-form";
import { HOOK_KIND_LABELS } from "./hook-schema";

// The admin's Announcements tab (docs/product.md#announcements): the hooks a post goes out to,
// a form to add or edit one, a test button per hook and the latest deliveries.

export function AnnouncementsTab({
  hooks,
  deliveries,
  games,
  reply,
}: {
  hooks: HookView[];
  deliveries: DeliveryView[];
  games: { id: string; title: string }[];
  /** The action's answer to a form posted without JavaScript (a new secret is shown once). */
  reply?: HookReply;
}) {
  const [shownSecret, setShownSecret] = useState(reply?.result?.secret ?? null);
  const [editing, setEditing] = useState<string | null>(null);
  const scopes = [
    { value: "studio", label: "Studio (every post)" },
    ...games.map((game) => ({ value: game.id, label: game.title })),
  ];
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Announcements</h2>
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            Each post is announced to these hooks when it is published (a scheduled post at its
            time), edited when it changes and removed when it is unpublished. Studio hooks announce
            every post; a game's hooks announce the posts about that game, once the game is public.
          </p>
        </CardHeader>
        <CardContent className="space-y-4">
          {hooks.length === 0 ? (
            <p className="text-sm text-muted-foreground">No hooks yet. Add one below.</p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label="Hooks">
              {hooks.map((hook) => (
                <li key={hook.id} className="space-y-3 p-3 sm:p-4" data-testid="hook-row">
                  <HookSummary
                    hook={hook}
                    onEdit={() => setEditing(editing === hook.id ? null : hook.id)}
                  />
                  {editing === hook.id && (
                    <HookForm
                      key={hook.id}
                      hook={hook}
                      scopes={scopes}
                      onDone={() => setEditing(null)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Add a hook</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {shownSecret && <SecretOnce secret={shownSecret} onHide={() => setShownSecret(null)} />}
          <HookForm scopes={scopes} reply={reply?.status === "error" ? reply : undefined} />
        </CardContent>
      </Card>
      <DeliveryLog deliveries={deliveries} />
    </div>
  );
}

function HookSummary({ hook, onEdit }: { hook: HookView; onEdit: () => void }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="[overflow-wrap:anywhere]">{hook.label}</span>
          <Badge className="bg-secondary text-secondary-foreground">
            {HOOK_KIND_LABELS[hook.kind]}
          </Badge>
          <Badge className="border border-input text-muted-foreground">
            {hook.gameTitle ?? "Studio"}
          </Badge>
        </p>
        <p className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {hook.urlHint}
        </p>
        {(hook.roleId || hook.threadName) && (
          <p className="text-xs text-muted-foreground">
            {hook.roleId && <>Mentions role {hook.roleId}. </>}
            {hook.threadName && <>Forum thread: “{hook.threadName}”.</>}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <TestButton hook={hook} />
        <Button type="button" variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {hook.label}</span>
        </Button>
        <DeleteButton hook={hook} />
      </div>
    </div>
  );
}

function useReplyToast(data: HookReply | undefined, failure: string) {
  useEffect(() => {
    if (!data) return;
    if (data.status === "success") toast.success(data.result?.message ?? "Done");
    else toast.error(failure, { description: failureMessage(data) });
  }, [data, failure]);
}

function TestButton({ hook }: { hook: HookView }) {
  const fetcher = useFetcher<HookReply>();
  useReplyToast(fetcher.data, "Test failed");
  return (
    <IntentForm fetcher={fetcher} intent="hook-test" values={{ hookId: hook.id }}>
      <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== "idle"}>
        <Send aria-hidden="true" />
        {fetcher.state !== "idle" ? "Sending..." : "Send test"}
        <span className="sr-only"> to {hook.label}</span>
      </Button>
    </IntentForm>
  );
}

function DeleteButton({ hook }: { hook: HookView }) {
  const fetcher = useFetcher<HookReply>();
  useReplyToast(fetcher.data, "Failed to delete the hook");
  return (
    <ConfirmDialog
      title={`Delete the hook “${hook.label}”?`}
      description="Nothing more is sent to it. Messages it already posted stay where they are."
      onConfirm={() =>
        fetcher.submit({ intent: "hook-delete", hookId: hook.id }, { method: "post" })
      }
      trigger={
        <Button type="button" variant="ghost" size="sm" disabled={fetcher.state !== "idle"}>
          <Trash aria-hidden="true" />
          Delete<span className="sr-only"> {hook.label}</span>
        </Button>
      }
    />
  );
}
