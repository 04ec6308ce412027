import { useEffect, useRef } from "react";
import { Form, useFetcher } from "react-router";
import { StudioTime } from "~/platform/dates/local-time";
import {
  Field,
  FormErrors,
  IntentForm,
  replyMessage,
  SelectField,
  usePending,
  useSchemaForm,
} from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { toast } from "~/platform/toast/notify";
import { ConfirmDialog } from "~/platform/ui/alert-dialog";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";
import { MailPlus, Send, XCircle } from "~/platform/ui/icons";
import { ROLE_LABELS, rolePowers } from "~/roles";
import { INVITABLE_ROLES, INVITATION_DAYS } from "./invitation-rules";
import { InvitationIntentSchema, InviteStaffSchema } from "./invitation-schema";

// Role Management's invitation cards (docs/product.md#staff-invitations): 'Invite Staff' and the
// open invitations with Resend and Revoke.

export type OpenInvitationRow = {
  id: string;
  email: string;
  role: (typeof INVITABLE_ROLES)[number];
  invitedBy: string | null;
  expiresAt: string;
  expired: boolean;
};

const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const roleSelectClass =
  "block h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring";

/** Whether an action reply answers one of the invitation forms (and not the role forms). */
export function isInvitationReply(reply: FormReply | undefined): boolean {
  return InvitationIntentSchema.safeParse(reply?.initialValue?.intent).success;
}

function InviteStaff({ reply }: { reply?: FormReply }) {
  const [form, fields] = useSchemaForm(InviteStaffSchema, {
    id: "invite-staff-form",
    lastResult: reply,
    defaultValue: { role: "moderator" },
  });
  const busy = usePending("invite");
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Invite Staff</h2>
        </CardTitle>
        <CardDescription>
          Mail a link that creates the account, or adds the role to an existing one. It works once,
          for {INVITATION_DAYS} days. Owners are made from the list below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          id={form.id}
          method="post"
          noValidate
          onSubmit={form.onSubmit}
          className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="invite" />
          <Field
            meta={fields.email}
            id="invite-email"
            label="Email to invite"
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
          />
          <SelectField
            meta={fields.role}
            id="invite-role"
            label="Invite as"
            options={ROLE_OPTIONS}
            className={roleSelectClass}
          />
          <Button type="submit" disabled={busy}>
            <MailPlus aria-hidden="true" />
            {busy ? "Sending..." : "Send Invitation"}
          </Button>
        </Form>
        {form.errors && (
          <div className="mt-4">
            <FormErrors errors={form.errors} />
          </div>
        )}
        <RolePowers chosen={fields.role.value ?? "moderator"} />
      </CardContent>
    </Card>
  );
}

/**
 * What each role offered may do, from the permissions table, beside the choice; the chosen one is
 * marked. A list rather than the select's hint, so it is right without JavaScript too.
 */
function RolePowers({ chosen }: { chosen: string }) {
  return (
    <div className="mt-4 rounded-md border bg-muted/40 p-3 text-sm">
      <h3 className="font-medium">What each role may do</h3>
      <dl className="mt-2 space-y-1.5" data-testid="invite-role-powers">
        {INVITABLE_ROLES.map((role) => (
          <div
            key={role}
            className={
              role === chosen ? "rounded-sm bg-background px-2 py-1 shadow-xs" : "px-2 py-1"
            }
            data-chosen={role === chosen || undefined}
          >
            <dt className="inline font-medium">{ROLE_LABELS[role]}: </dt>
            <dd className="inline text-muted-foreground">{rolePowers(role)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function InvitationRow({ invitation }: { invitation: OpenInvitationRow }) {
  const fetcher = useFetcher<FormReply>();
  const revokeForm = useRef<HTMLFormElement>(null);
  const resending = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "resend";
  useEffect(() => {
    const message = replyMessage(fetcher.data);
    if (fetcher.data?.status === "error" && message) {
      toast.error("Failed to update the invitation", { description: message });
    }
  }, [fetcher.data]);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium wrap-anywhere">{invitation.email}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge className="bg-secondary text-secondary-foreground">
            {ROLE_LABELS[invitation.role]}
          </Badge>
          {invitation.expired ? (
            <Badge className="bg-destructive/10 text-destructive">Expired</Badge>
          ) : (
            <span>
              Expires <StudioTime value={invitation.expiresAt} format="list" />
            </span>
          )}
          {invitation.invitedBy && <span className="wrap-anywhere">by {invitation.invitedBy}</span>}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <IntentForm fetcher={fetcher} intent="resend" values={{ invitationId: invitation.id }}>
          <Button
            type="submit"
            size="sm"
            variant="outline"
            disabled={resending}
            aria-label={`Resend the invitation to ${invitation.email}`}
          >
            <Send aria-hidden="true" />
            {resending ? "Sending..." : "Resend"}
          </Button>
        </IntentForm>
        <fetcher.Form method="post" ref={revokeForm}>
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="invitationId" value={invitation.id} />
          <ConfirmDialog
            trigger={
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={`Revoke the invitation to ${invitation.email}`}
              >
                <XCircle aria-hidden="true" />
                Revoke
              </Button>
            }
            title="Revoke this invitation?"
            description={`The link sent to ${invitation.email} stops working.`}
            confirmLabel="Revoke"
            onConfirm={() => fetcher.submit(revokeForm.current)}
          />
          <noscript>
            <Button type="submit" size="sm" variant="destructive">
              Revoke now
            </Button>
          </noscript>
        </fetcher.Form>
      </div>
    </li>
  );
}

/** Both cards; `reply` is the action's answer to the invite form (sent as a document). */
export function InvitationsPanel({
  invitations,
  failed,
  reply,
}: {
  invitations: OpenInvitationRow[];
  failed: boolean;
  reply?: FormReply;
}) {
  // A sent invitation (a new row in the list) starts an empty form; a refused one keeps the values.
  const listed = invitations.map((invitation) => invitation.id).join(" ");
  return (
    <>
      <InviteStaff reply={reply} key={listed} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Pending Invitations</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {failed ? (
            <p role="alert" className="py-6 text-center text-destructive">
              Failed to fetch invitations
            </p>
          ) : invitations.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No pending invitations</p>
          ) : (
            <ul className="divide-y" aria-label="Pending invitations">
              {invitations.map((invitation) => (
                <InvitationRow
                  key={`${invitation.id}-${invitation.expiresAt}`}
                  invitation={invitation}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
