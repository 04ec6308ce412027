import { Link, useSubmit } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/platform/ui/dropdown-menu";
import { LogOut, Terminal } from "~/platform/ui/icons";
import { ROLE_LABELS } from "~/roles";
import { AccountMenuTrigger, type AccountSummary, accountLinks } from "./account-links";

/** The account menu itself: loaded on demand by `AccountMenu` (account-menu.tsx). */
export function AccountDropdown({
  user,
  onOpenConsole,
  defaultOpen,
}: {
  user: AccountSummary;
  onOpenConsole: () => void;
  defaultOpen?: boolean;
}) {
  const submit = useSubmit();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountMenuTrigger user={user} />
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
