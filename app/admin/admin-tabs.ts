import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Permission } from "~/roles";

// The dashboard's tabs (docs/product.md#admin-dashboard), each with the permission that shows it,
// in order: the one table of who may open what. Each tab is a route of its own under /admin
// (`/admin/news`), so a reload or a shared link opens it again.

export const ADMIN_TABS = [
  { value: "messages", label: "Contact Messages", permission: "canManageMessages" },
  { value: "news", label: "News Management", permission: "canManageNews" },
  { value: "games", label: "Game Management", permission: "canManageGames" },
  // Beyond the spec: the studio's own pages, written by the staff who write its news.
  { value: "pages", label: "Pages", permission: "canManageNews" },
  { value: "settings", label: "Site Settings", permission: "canManageSettings" },
  // The press desk: key requests (moderators read them), key batches and coverage (admins).
  { value: "keys", label: "Key requests", permission: "canReadKeyRequests" },
  // Beyond the spec: the newsletter's subscribers (issue 28).
  { value: "subscribers", label: "Subscribers", permission: "canManageNewsletter" },
  // Beyond the spec: where a post is announced, Discord and webhooks (issue 28).
  { value: "announcements", label: "Announcements", permission: "canManageAnnouncements" },
  // Beyond the spec: the press kits (docs/product.md#press-kit).
  { value: "press", label: "Press Kits", permission: "canManagePress" },
  // Beyond the spec: where sign-in codes may be texted (docs/accounts-and-security.md#phone).
  { value: "sms", label: "SMS", permission: "canManageTextMessages" },
  // Beyond the spec: the server's backups (docs/deployment.md#scheduled-backups).
  { value: "backups", label: "Backups", permission: "canManageBackups" },
] as const satisfies readonly { value: string; label: string; permission: Permission }[];

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

/** The parameter that named the open tab before each tab had its own address (`/admin?tab=news`). */
export const TAB_PARAM = "tab";

/** A tab's address. */
export const tabPath = (tab: AdminTab) => `/admin/${tab}`;

/** The permission a tab needs. */
export function tabPermission(tab: AdminTab): Permission {
  return ADMIN_TABS.find((entry) => entry.value === tab)!.permission;
}

/** The tabs these permissions show, in order. */
export function permittedTabs(permissions: Record<Permission, boolean>) {
  return ADMIN_TABS.filter((tab) => permissions[tab.permission]);
}

/** The tab asked for when the role may open it, else the first one it may (none for a guest). */
export function openTab(
  permissions: Record<Permission, boolean>,
  wanted: string | null,
): AdminTab | null {
  const tabs = permittedTabs(permissions);
  return (tabs.find((tab) => tab.value === wanted) ?? tabs[0])?.value ?? null;
}

/** The tab an address of the dashboard shows (`/admin/news` → news), if any. */
export function tabAt(pathname: string | undefined): AdminTab | null {
  const segment = pathname?.match(/^\/admin\/([^/]+)\/?$/)?.[1];
  return ADMIN_TABS.find((tab) => tab.value === segment)?.value ?? null;
}

/**
 * A tab's list is read again after every admin write, failed ones included: React Router skips the
 * reload after a 4xx/5xx answer by default, which would leave a refused change (e.g. a new game
 * order) on screen instead of the server's truth (docs/product.md#news-management-tab).
 */
export function freshAfterWrites({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  return defaultShouldRevalidate;
}

// The cursor parameters of the dashboard's paged lists: the names they had when the tabs shared one
// address, kept so that an old link (`/admin?tab=news&news_before=…`) still opens its page.
export const ADMIN_LIST_PARAMS = {
  messages: { before: "inbox_before", after: "inbox_after" },
  news: { before: "news_before", after: "news_after" },
} as const;
