import { Code, Crown, RefreshCw, Shield, ShieldCheck, User, UserCog } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, useActionData, useFetcher, useNavigation } from "react-router";
import { toast } from "sonner";
import { AssignRoleSchema, RoleIntentSchema, SetRoleSchema } from "~/accounts";
import { requirePermission } from "~/accounts/index.server";
import { FormError } from "~/platform/forms/field";
import { parseForm } from "~/platform/forms/form-errors";
import { requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { Badge } from "~/platform/ui/badge";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";
import { cn } from "~/platform/ui/cn";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { ROLE_LABELS, ROLES, type Role } from "~/roles";
import {
  findUserIdByEmail,
  isLastOwnerError,
  listUsersWithRoles,
  setUserRole,
} from "~/roles/index.server";
import type { Route } from "./+types/role-management";

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requirePermission(request, context, "canManageRoles");
  try {
    return { users: await listUsersWithRoles(context.runtime.db), meId: me.id, loadError: null };
  } catch (error) {
    context.runtime.logger.error({ err: error }, "role list failed");
    return data({ users: [], meId: me.id, loadError: "Failed to fetch users and roles" }, 503);
  }
}

type ActionResult = { intent: "assign" | "set"; formError: string; email?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requirePermission(request, context, "canManageRoles");
  const { runtime } = context;
  const form = await readForm(request);
  const intent = requireIntent(RoleIntentSchema, form);
  const actor = { id: me.id, email: me.email };
  const fail = (formError: string, status = 400) =>
    data<ActionResult>({ intent, formError, email: String(form.get("email") ?? "") }, status);

  let userId: string | null;
  let role: Role;
  if (intent === "assign") {
    const parsed = parseForm(AssignRoleSchema, form);
    if (!parsed.success) return fail(Object.values(parsed.errors)[0] ?? "Failed to assign role");
    userId = await findUserIdByEmail(runtime.db, parsed.data.email);
    if (!userId) return fail("User not found with that email", 404);
    role = parsed.data.role;
  } else {
    const parsed = parseForm(SetRoleSchema, form);
    if (!parsed.success) return fail(Object.values(parsed.errors)[0] ?? "Failed to update role");
    userId = parsed.data.userId;
    role = parsed.data.role;
  }
  try {
    await setUserRole(runtime.db, { userId, role, assignedBy: actor });
  } catch (error) {
    if (isLastOwnerError(error)) return fail(error.message, 409);
    // A user id that does not exist fails its foreign key: nothing was changed.
    runtime.logger.warn({ err: error }, "role change failed");
    return fail(intent === "assign" ? "Failed to assign role" : "Failed to update role", 400);
  }
  return redirectWithToast(
    "/role-management",
    { type: "success", title: "Role updated successfully" },
    runtime.env.AUTH_SECRET,
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Role Management" },
  { name: "robots", content: "noindex" },
];

const ROLE_ICONS: Record<Role, typeof User> = {
  guest: User,
  moderator: Shield,
  admin: ShieldCheck,
  developer: Code,
  owner: Crown,
};

function RoleSelect({
  id,
  name,
  defaultValue,
  value,
  onChange,
  label,
}: {
  id: string;
  name: string;
  defaultValue?: Role;
  value?: Role;
  label: string;
  onChange?: (event: React.ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <select
      id={id}
      name={name}
      aria-label={label}
      defaultValue={defaultValue}
      value={value}
      onChange={onChange}
      className="block h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function AssignByEmail({ result }: { result?: ActionResult }) {
  const [email, setEmail] = useState(result?.email ?? "");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "assign";
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Assign Role by Email</h2>
        </CardTitle>
        <CardDescription>Give any registered user one of the five roles.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <input type="hidden" name="intent" value="assign" />
          <div className="space-y-2">
            <Label htmlFor="assign-email">User email</Label>
            <Input
              id="assign-email"
              name="email"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="name@example.com"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="assign-role">Role</Label>
            <RoleSelect id="assign-role" name="role" defaultValue="moderator" label="Role" />
          </div>
          <Button type="submit" disabled={busy || email.trim() === ""}>
            {busy ? "Assigning..." : "Assign Role"}
          </Button>
        </Form>
        {result?.intent === "assign" && (
          <div className="mt-4">
            <FormError message={result.formError} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function UserRow({
  user,
  isMe,
}: {
  user: { id: string; email: string; role: Role };
  isMe: boolean;
}) {
  const fetcher = useFetcher<typeof action>();
  const Icon = ROLE_ICONS[user.role];
  const [chosen, setChosen] = useState<Role>(user.role);
  useEffect(() => {
    const result = fetcher.data as ActionResult | undefined;
    if (result?.formError) {
      toast.error("Failed to update role", { description: result.formError });
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
        <Badge className={cn("mt-1 bg-secondary text-secondary-foreground")}>
          {ROLE_LABELS[user.role]}
        </Badge>
      </div>
      <fetcher.Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="intent" value="set" />
        <input type="hidden" name="userId" value={user.id} />
        <RoleSelect
          id={`role-${user.id}`}
          name="role"
          value={chosen}
          label={`Role for ${user.email}`}
          onChange={(event) => {
            setChosen(event.currentTarget.value as Role);
            fetcher.submit(event.currentTarget.form);
          }}
        />
        <noscript>
          <Button type="submit" size="sm" variant="outline">
            Save
          </Button>
        </noscript>
      </fetcher.Form>
    </li>
  );
}

export default function RoleManagement({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { users, meId, loadError } = loaderData;
  useEffect(() => {
    if (result?.formError) toast.error("Failed to assign role", { description: result.formError });
  }, [result]);
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-14 sm:px-6">
      <header className="flex items-center gap-3">
        <UserCog aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-3xl font-black tracking-tight">Role Management</h1>
      </header>
      <AssignByEmail result={result} key={result?.email} />
      <Card>
        <CardHeader className="flex-row items-center justify-between">
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
          {users.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No users found</p>
          ) : (
            <ul className="divide-y">
              {users.map((user) => (
                <UserRow key={`${user.id}-${user.role}`} user={user} isMe={user.id === meId} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
