import type { Health } from "./console-schemas";

/**
 * Whether a health answer raises 'Health Check Failed' (docs/product.md#overview-tab): only an
 * error does. A warning (a slow database, no users yet) shows on its badge and is no failure.
 */
export function healthFailed(health: Pick<Health, "database" | "auth">): boolean {
  return health.database === "error" || health.auth === "error";
}
