import { ADMIN_INTENTS } from "../../app/admin/admin-intents";
import { type AdminTab, tabAt, tabPath } from "../../app/admin/admin-tabs";
import type { AppContext } from "../../app/platform/server/context.server";
import * as announcements from "../../app/routes/admin-announcements";
import * as backups from "../../app/routes/admin-backups";
import * as games from "../../app/routes/admin-games";
import * as entry from "../../app/routes/admin-index";
import * as keys from "../../app/routes/admin-keys";
import * as messages from "../../app/routes/admin-messages";
import * as news from "../../app/routes/admin-news";
import * as pages from "../../app/routes/admin-pages";
import * as press from "../../app/routes/admin-press";
import * as settings from "../../app/routes/admin-settings";
import * as sms from "../../app/routes/admin-sms";
import * as subscribers from "../../app/routes/admin-subscribers";
import { type FormFields, outcome, request } from "./accounts";

// The admin dashboard's routes as the browser reaches them: each tab's loader and action at its own
// address (docs/product.md#admin-dashboard), and /admin itself.

export const ADMIN_TAB_ROUTES = {
  messages,
  news,
  games,
  pages,
  settings,
  keys,
  subscribers,
  announcements,
  press,
  sms,
  backups,
} as const;

/** The tab whose route serves a form's intent (the messages tab for an intent of no tab). */
export function tabOfIntent(form: FormFields): AdminTab {
  const intent = typeof form.intent === "string" ? form.intent : "";
  return Object.hasOwn(ADMIN_INTENTS, intent)
    ? ADMIN_INTENTS[intent as keyof typeof ADMIN_INTENTS]
    : "messages";
}

/** A tab's action answering an admin form, posted as the dashboard does to its intent's tab. */
export function adminAction(
  context: AppContext,
  form: FormFields,
  cookie?: string,
  tab: AdminTab = tabOfIntent(form),
): Promise<unknown> {
  const route = ADMIN_TAB_ROUTES[tab] as { action: (args: never) => Promise<unknown> };
  return route.action({
    request: request(tabPath(tab), { cookie, form }),
    context,
    params: {},
  } as never);
}

/** The outcome of `adminAction`. */
export function postAdmin(context: AppContext, form: FormFields, cookie?: string, tab?: AdminTab) {
  return outcome(() => adminAction(context, form, cookie, tab));
}

/** The loader of an address of the dashboard: `/admin…` or a tab's (`/admin/news?nq=x`). */
export function adminLoader(context: AppContext, path: string, cookie?: string): Promise<unknown> {
  const tab = tabAt(new URL(path, "http://localhost").pathname);
  const route = (tab ? ADMIN_TAB_ROUTES[tab] : entry) as {
    loader: (args: never) => Promise<unknown>;
  };
  return route.loader({ request: request(path, { cookie }), context, params: {} } as never);
}

/** The outcome of `adminLoader`. */
export function openAdmin(context: AppContext, path: string, cookie?: string) {
  return outcome(() => adminLoader(context, path, cookie));
}
