import { redirect } from "react-router";
import { requirePermission, type SessionUser } from "~/accounts/index.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import type { Toast } from "~/platform/toast/toast";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { can, holdersOf, permissionsOf, ROLE_LABELS } from "~/roles";
import {
  ADMIN_TABS,
  type AdminTab,
  openTab,
  TAB_PARAM,
  tabPath,
  tabPermission,
} from "./admin-tabs";

// Who may open the dashboard and each of its tabs (docs/product.md#guards), checked by every admin
// route on the server; the tab bar only hides what would be refused anyway.

/** Staff only (moderator or higher): others are sent to /auth with 'Unauthorized'. */
export function requireStaff(request: Request, context: AppContext): Promise<SessionUser> {
  return requirePermission(request, context, "canAccessAdmin");
}

/** The address of the tab a role opens when it asks for `wanted` (see `openTab`). */
function tabFor(user: SessionUser, wanted: string | null): string {
  const tab = openTab(permissionsOf(user.role), wanted);
  // Staff always hold a tab's permission; a table that ever left one without would land on /.
  return tab ? tabPath(tab) : "/";
}

/**
 * Why a tab did not open (docs/product.md#admin-dashboard): which roles it is for, and the
 * reader's own, said on the tab they land on instead.
 */
export function refusedTabToast(tab: AdminTab, user: Pick<SessionUser, "role">): Toast {
  const label = ADMIN_TABS.find((entry) => entry.value === tab)!.label;
  return {
    type: "error",
    title: `${label} is not open to your role`,
    description: `${label} is for ${holdersOf(tabPermission(tab))}; your role is ${ROLE_LABELS[user.role]}. Ask an owner if you need it.`,
  };
}

/**
 * A tab's reader: staff whose role may open it. A tab the role may not open is refused with a
 * redirect to the first one it may, as the dashboard opens it, and a toast saying why.
 */
export async function requireAdminTab(
  request: Request,
  context: AppContext,
  tab: AdminTab,
): Promise<SessionUser> {
  const user = await requireStaff(request, context);
  if (!can(user.role, tabPermission(tab))) {
    const { AUTH_SECRET } = context.get(runtimeContext).env;
    throw await redirectWithToast(tabFor(user, null), refusedTabToast(tab, user), AUTH_SECRET);
  }
  return user;
}

/**
 * `/admin` itself: the first tab the role may open. An old link naming its tab in the query
 * (`/admin?tab=news&nq=x`) opens that tab with the rest of the query.
 */
export async function adminEntry(request: Request, context: AppContext): Promise<never> {
  const user = await requireStaff(request, context);
  const url = new URL(request.url);
  const wanted = url.searchParams.get(TAB_PARAM);
  url.searchParams.delete(TAB_PARAM);
  const to = tabFor(user, wanted) + url.search;
  const asked = ADMIN_TABS.find((entry) => entry.value === wanted)?.value;
  if (asked && !can(user.role, tabPermission(asked))) {
    const { AUTH_SECRET } = context.get(runtimeContext).env;
    throw await redirectWithToast(to, refusedTabToast(asked, user), AUTH_SECRET);
  }
  throw redirect(to);
}
