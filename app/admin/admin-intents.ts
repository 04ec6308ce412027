import { z } from "~/platform/forms/zod";
import type { Permission } from "~/roles";

/**
 * The admin dashboard's writes: each intent and the permission it needs
 * (docs/product.md#admin-dashboard).
 */
export const ADMIN_INTENTS = {
  "mark-read": "canManageMessages",
  "news-create": "canManageNews",
  "news-update": "canManageNews",
  "news-delete": "canManageNews",
  "game-create": "canManageGames",
  "game-update": "canManageGames",
  "game-delete": "canManageGames",
  "games-reorder": "canManageGames",
} as const satisfies Record<string, Permission>;

export type AdminIntent = keyof typeof ADMIN_INTENTS;

/** The closed set of admin intents: anything else is refused before any lookup. */
export const AdminIntentSchema = z.enum(
  Object.keys(ADMIN_INTENTS) as [AdminIntent, ...AdminIntent[]],
);
