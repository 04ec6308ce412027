import type * as React from "react";
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import {
  Field,
  FormErrors,
  IntentForm,
  replyMessage,
  Select,
  SelectField,
  usePending,
  useSchemaForm,
} from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import type { Page } from "~/platform/paging/cursor";
import { PageLinks } from "~/platform/paging/page-links";
import { toast } from "~/platform/toast/notify";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";
import { Code, Crown, RefreshCw, Shield, ShieldCheck, User, UserCog } from "~/platform/ui/icons";
import { isRole, ROLE_LABELS, ROLES, type Role } from "./permissions";
import { AssignRoleSchema, RoleIntentSchema } from "./role-schema";
import { UsersFilter } from "./users-filter";

// The /role-management screen (docs/product.md#role-management): assign a role by email, and every
// user's role with a select that changes it at once.

const ROLE_ICONS: Record<Role, typeof User> = {
  guest: User,
  moderator: Shield,
  admin: ShieldCheck,
  developer: Code,
  owner: Crown,
};

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** The role selects keep their own width: they do not stretch to the row. */
const roleSelectClass =
  "block h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring";

export type UserRowData = { id: string; email: string; role: Role };

function AssignByEmail({ reply }: { reply?: FormReply }) {
  const [form, fields] = useSchemaForm(AssignRoleSchema, {
    id: "assign-role-form",
    lastResult: reply,
    defaultValue: { role: "moderator" },
  });
  // The button stays disabled while the address is blank.
  const [email, setEmail] = useState(String(reply?.initialValue?.email ?? ""));
  const busy = usePending("assign");
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Assign Role by Email</h2>
        </CardTitle>
        <CardDescription>Give any registered user one of the five roles.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          id={form.id}
          method="post"
          noValidate
          onSubmit={form.onSubmit}
          className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="assign" />
          <Field
            meta={fields.email}
            id="assign-email"
            label="User email"
            type="email"
            placeholder="name@example.com"
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
          <SelectField
            meta={fields.role}
            id="assign-role"
            label="Role"
            options={ROLE_OPTIONS}
            className={roleSelectClass}
          />
          <Button type="submit" disabled={busy || email.trim() === ""}>
            {busy ? "Assigning..." : "Assign Role"}
          </Button>
        </Form>
        {form.errors && (
          <div className="mt-4">
            <FormErrors errors={form.errors} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function UserRow({ user, isMe }: { user: UserRowData; isMe: boolean }) {
  const fetcher = useFetcher<FormReply>();
  const Icon = ROLE_ICONS[user.role];
  const [chosen, setChosen] = useState<Role>(user.role);
  useEffect(() => {
    if (fetcher.data?.status === "error") {
      toast.error("Failed to update role", { description: replyMessage(fetcher.data) });
      // The change was refused: the select shows the role the user still has.
      setChosen(user.role);
    }
  }, [fetcher.data, user.role]);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <span className="flex size-9 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      {/* The address is what identifies the user: it wraps rather than being cut off, and on a
          narrow screen the select moves to its own line to leave it room. */}
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium wrap-anywhere">
          {user.email}
          {isMe && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
        </p>
        <Badge className="mt-1 bg-secondary text-secondary-foreground">
          {ROLE_LABELS[user.role]}
        </Badge>
      </div>
      <IntentForm
        fetcher={fetcher}
        intent="set"
        values={{ userId: user.id }}
        className="flex items-center gap-2"
      >
        <Select
          id={`role-${user.id}`}
          name="role"
          aria-label={`Role for ${user.email}`}
          options={ROLE_OPTIONS}
          className={roleSelectClass}
          value={chosen}
          onChange={(event) => {
            const picked = event.currentTarget.value;
            if (isRole(picked)) setChosen(picked);
            fetcher.submit(event.currentTarget.form);
          }}
        />
        <noscript>
          <Button type="submit" size="sm" variant="outline">
            Save
          </Button>
        </noscript>
      </IntentForm>
    </li>
  );
}

/**
 * The whole screen: one page of the users (`items`, with the cursors beside it) under `filter`;
 * `reply` is the action's answer to the assign form (sent as a document).
 */
export function RoleManagementScreen({
  items: users,
  newer,
  older,
  filter,
  meId,
  loadError,
  reply,
  children,
}: Page<UserRowData> & {
  filter: { search: string; role: Role | null };
  meId: string;
  loadError: string | null;
  reply?: FormReply;
  /** What other features add under the assign card (the staff invitations). */
  children?: React.ReactNode;
}) {
  const assignReply =
    RoleIntentSchema.safeParse(reply?.initialValue?.intent).data === "assign" ? reply : undefined;
  useEffect(() => {
    const message = replyMessage(reply);
    if (message) toast.error("Failed to assign role", { description: message });
  }, [reply]);
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-14 sm:px-6">
      <header className="flex items-center gap-3">
        <UserCog aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-3xl font-black tracking-tight">Role Management</h1>
      </header>
      <AssignByEmail reply={assignReply} key={String(assignReply?.initialValue?.email ?? "")} />
      {children}
      <Card>
        <CardHeader row>
          <CardTitle asChild>
            <h2>All Users & Roles</h2>
          </CardTitle>
          <Form method="get">
            <Button type="submit" variant="outline" size="sm">
              <RefreshCw aria-hidden="true" />
              Refresh
            </Button>
          </Form>
        </CardHeader>
        <CardContent>
          <UsersFilter search={filter.search} role={filter.role} />
          {users.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No users found</p>
          ) : (
            <ul className="divide-y">
              {users.map((user) => (
                <UserRow key={`${user.id}-${user.role}`} user={user} isMe={user.id === meId} />
              ))}
            </ul>
          )}
          <PageLinks
            page={{ newer, older }}
            label="Users pages"
            newerText="Previous"
            olderText="Next"
          />
        </CardContent>
      </Card>
    </div>
  );
}
