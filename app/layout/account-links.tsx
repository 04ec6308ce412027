import type { ComponentProps } from "react";
import { Avatar } from "~/platform/ui/avatar";
import { Button } from "~/platform/ui/button";
import { LayoutDashboard, User, UserCog } from "~/platform/ui/icons";
import type { Permission, Role } from "~/roles";

// What the account menu (account-menu.tsx) and its on-demand dropdown (account-dropdown.tsx) share.

export type AccountSummary = {
  email: string;
  role: Role;
  permissions: Record<Permission, boolean>;
  displayName?: string | null;
  avatarUrl?: string | null;
};

/** The account menu's links, gated as docs/product.md#header-and-account-menu says. */
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

export function AccountMenuTrigger({
  user,
  ...props
}: { user: AccountSummary } & ComponentProps<"button">) {
  return (
    <Button variant="ghost" size="avatar" aria-label={`Account menu for ${user.email}`} {...props}>
      <Avatar user={user} />
    </Button>
  );
}
