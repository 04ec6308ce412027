import { LayoutDashboard, LogOut, Terminal, User, UserCog } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { type Permission, ROLE_LABELS, type Role } from "~/roles/permissions";

export type AccountSummary = {
  email: string;
  role: Role;
  permissions: Record<Permission, boolean>;
  displayName?: string | null;
  avatarUrl?: string | null;
};

export function Avatar({
  user,
  className = "size-9",
  testId = "header-avatar",
}: {
  user: Pick<AccountSummary, "email" | "avatarUrl" | "displayName">;
  className?: string;
  testId?: string;
}) {
  if (user.avatarUrl) {
    return (
      <img
        src={user.avatarUrl}
        alt=""
        width={36}
        height={36}
        className={`${className} rounded-full object-cover`}
        data-testid={testId}
      />
    );
  }
  return (
    <span
      className={`flex ${className} items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground`}
    >
      {(user.displayName || user.email).charAt(0).toUpperCase()}
    </span>
  );
}

/** The account menu's links, gated exactly as SPEC section 2 says. */
export function accountLinks(user: AccountSummary) {
  return [
    { to: "/profile", label: "My Profile", Icon: User, show: true },
    {
      to: "/admin",
      label: "Admin Panel",
      Icon: LayoutDashboard,
      show: user.permissions.canAccessAdmin,
    },
    {
      to: "/role-management",
      label: "Role Management",
      Icon: UserCog,
      show: user.permissions.canManageRoles,
    },
  ].filter((link) => link.show);
}

const SIGN_OUT_FORM = "sign-out-form";

export function SignOutForm() {
  return <Form id={SIGN_OUT_FORM} method="post" action="/auth/sign-out" className="hidden" />;
}

export function AccountMenu({
  user,
  onOpenConsole,
}: {
  user: AccountSummary;
  onOpenConsole: () => void;
}) {
  const submit = useSubmit();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="rounded-full"
          aria-label={`Account menu for ${user.email}`}
        >
          <Avatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          {user.displayName && <p className="truncate font-semibold">{user.displayName}</p>}
          <p className="truncate font-medium">{user.email}</p>
          <p className="text-xs text-muted-foreground" data-testid="account-role">
            {ROLE_LABELS[user.role]}
          </p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(user).map(({ to, label, Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        {user.permissions.canAccessDevConsole && (
          <DropdownMenuItem onSelect={onOpenConsole}>
            <Terminal aria-hidden="true" />
            Dev Console
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        {/* Submitted from onSelect: the menu closes (and unmounts this item) during the click, so
            a submit button in the menu would be gone before the browser could send its form. */}
        <DropdownMenuItem
          onSelect={() => submit(null, { method: "post", action: "/auth/sign-out" })}
        >
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
