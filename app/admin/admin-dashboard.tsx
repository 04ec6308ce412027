import type * as React from "react";
import { useRef } from "react";
import { NavLink, Outlet, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { LayoutDashboard } from "~/platform/ui/icons";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import { type Permission, ROLE_LABELS, type Role } from "~/roles";
import { ADMIN_TABS, type AdminTab, permittedTabs, tabAt, tabPath } from "./admin-tabs";

/** What the dashboard's frame reads of the root's data: the signed-in user's role. */
type RootData = { user: { role: Role; permissions: Record<Permission, boolean> } | null };

/**
 * The dashboard's frame (docs/product.md#admin-dashboard): the heading with the role, and a tab bar
 * of the tabs the role may open, each a link to its own route, whose page shows below.
 */
export function AdminFrame() {
  const user = (useRouteLoaderData("root") as RootData | undefined)?.user;
  const tabs = user ? permittedTabs(user.permissions) : [];
  const [open, choose] = useTabNavigation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-wrap items-center gap-3">
        <LayoutDashboard aria-hidden="true" className="size-8 text-primary" />
        <h1 className="text-3xl font-black tracking-tight">Admin Dashboard</h1>
        {user && (
          <span
            className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground"
            data-testid="admin-role"
          >
            {ROLE_LABELS[user.role]}
          </span>
        )}
      </header>
      <Tabs value={open ?? undefined} onValueChange={choose} className="mt-8">
        <TabsList className="w-full justify-start sm:w-auto">
          {tabs.map((tab) => (
            <TabsTrigger
              key={tab.value}
              value={tab.value}
              onMouseDown={leaveModifiedClicks}
              asChild
            >
              <NavLink
                to={tabPath(tab.value)}
                onClick={(event) => {
                  if (isModified(event)) return;
                  event.preventDefault();
                  choose(tab.value);
                }}
                type={undefined}
              >
                {tab.label}
              </NavLink>
            </TabsTrigger>
          ))}
        </TabsList>
        {open && (
          <TabsContent value={open}>
            <Outlet />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

/**
 * The open tab is the address's; choosing another (a click, or the arrow keys moving through the
 * tabs) goes to its address in place of this one, so the tabs leave no history entry each.
 */
function useTabNavigation() {
  const location = useLocation();
  const navigate = useNavigate();
  const open = tabAt(location.pathname);
  // A click focuses a tab, presses it and clicks its link: one navigation for the three.
  const asked = useRef<{ from: string; tab: AdminTab } | null>(null);
  const choose = (value: string) => {
    const tab = ADMIN_TABS.find((one) => one.value === value)?.value;
    if (!tab || tab === open) return;
    if (asked.current?.from === location.pathname && asked.current.tab === tab) return;
    asked.current = { from: location.pathname, tab };
    // A quicker second choice may interrupt it: the root quiets that AbortError for every request.
    void navigate(tabPath(tab), { replace: true, preventScrollReset: true });
  };
  return [open, choose] as const;
}

/** A click for a new tab or window: the browser's, not the tabs'. */
function isModified(event: React.MouseEvent) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** Radix presses a tab on mouse down; a click for a new tab or window is left to the link. */
function leaveModifiedClicks(event: React.MouseEvent) {
  if (isModified(event)) event.preventDefault();
}
