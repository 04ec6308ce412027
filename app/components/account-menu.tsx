import { LayoutDashboard, User, UserCog } from "lucide-react";
import { type ComponentProps, type ComponentType, useEffect, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/platform/ui/button";
import type { Permission, Role } from "~/roles/permissions";

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

type AccountMenuProps = { user: AccountSummary; onOpenConsole: () => void };
type Dropdown = ComponentType<AccountMenuProps & { defaultOpen?: boolean }>;

// The menu's code (a dropdown with its focus and dismiss handling) is its own chunk: guests never
// fetch it, and signed-in readers fetch it right after the page hydrates.
let dropdown: Promise<Dropdown> | undefined;
const loadDropdown = () => {
  dropdown ??= import("./account-dropdown").then((module) => module.AccountDropdown);
  return dropdown;
};

/**
 * The account menu. Until its chunk has arrived (and on the server) it renders the same trigger;
 * a click that comes before the chunk opens the menu as soon as it is there.
 */
export function AccountMenu(props: AccountMenuProps) {
  const [Loaded, setLoaded] = useState<{ Dropdown: Dropdown } | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  useEffect(() => {
    let active = true;
    loadDropdown().then(
      (Dropdown) => active && setLoaded({ Dropdown }),
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  if (Loaded) return <Loaded.Dropdown {...props} defaultOpen={openOnLoad} />;
  return (
    <AccountMenuTrigger
      user={props.user}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setOpenOnLoad(true)}
    />
  );
}

export function AccountMenuTrigger({
  user,
  ...props
}: { user: AccountSummary } & ComponentProps<"button">) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-label={`Account menu for ${user.email}`}
      {...props}
    >
      <Avatar user={user} />
    </Button>
  );
}
