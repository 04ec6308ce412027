import { z } from "~/platform/forms/zod";
import type { Permission } from "~/roles";
import { type AdminTab, tabPermission } from "./admin-tabs";

/**
 * The admin dashboard's writes: each intent and the tab whose route serves it; the permission it
 * needs is its tab's, from the one table in ./admin-tabs.ts (docs/product.md#admin-dashboard).
 */
export const ADMIN_INTENTS = {
  "mark-read": "messages",
  "news-create": "news",
  "news-update": "news",
  "news-mail-test": "news",
  "news-delete": "news",
  "game-create": "games",
  "game-update": "games",
  "game-delete": "games",
  "games-reorder": "games",
  "page-create": "pages",
  "page-update": "pages",
  "page-delete": "pages",
  "page-template": "pages",
  "settings-save": "settings",
  "navigation-save": "settings",
  "subscriber-delete": "subscribers",
  "press-save": "press",
  "press-revoke-links": "press",
  "presskit-import": "press",
  "sms-countries-save": "sms",
  "backup-schedule-save": "backups",
  "backup-now": "backups",
} as const satisfies Record<string, AdminTab>;

export type AdminIntent = keyof typeof ADMIN_INTENTS;

/** The closed set of admin intents: anything else is refused before any lookup. */
export const AdminIntentSchema = z.enum(
  Object.keys(ADMIN_INTENTS) as [AdminIntent, ...AdminIntent[]],
);

/** The permission an intent needs: its tab's. */
export function intentPermission(intent: AdminIntent): Permission {
  return tabPermission(ADMIN_INTENTS[intent]);
}
