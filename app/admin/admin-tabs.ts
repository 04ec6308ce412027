import type { Permission } from "~/roles";

// The dashboard's tabs (docs/product.md#admin-dashboard), each with the permission that shows it,
// in order. The open one is in the address (`/admin?tab=news`), so a reload or a shared link opens
// it again.

export const ADMIN_TABS = [
  { value: "messages", label: "Contact Messages", permission: "canManageMessages" },
  { value: "news", label: "News Management", permission: "canManageNews" },
  { value: "games", label: "Game Management", permission: "canManageGames" },
] as const satisfies readonly { value: string; label: string; permission: Permission }[];

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

/** The address's parameter that names the open tab. */
export const TAB_PARAM = "tab";

/** The tabs these permissions show, in order. */
export function permittedTabs(permissions: Record<Permission, boolean>) {
  return ADMIN_TABS.filter((tab) => permissions[tab.permission]);
}

/** The tab the address asks for when the role may open it, else the first one it may. */
export function openTab(
  permissions: Record<Permission, boolean>,
  wanted: string | null,
): AdminTab | null {
  const tabs = permittedTabs(permissions);
  return (tabs.find((tab) => tab.value === wanted) ?? tabs[0])?.value ?? null;
}

/** Whether two addresses of the dashboard differ by their open tab alone. */
export function onlyTabChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(TAB_PARAM);
    params.sort();
    return params.toString();
  };
  return current.search !== next.search && withoutTab(current) === withoutTab(next);
}
