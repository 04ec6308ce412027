// The closed sets the schema's CHECK constraints name, as plain values: no Drizzle here, so the
// browser can load them. The features re-export them (roles/permissions.ts, games/game-status.ts).

/** The roles, lowest first (docs/product.md#roles-and-permissions). */
export const ROLES = ["guest", "moderator", "admin", "developer", "owner"] as const;

/** The game statuses (docs/product.md#game-statuses). */
export const GAME_STATUSES = ["Released", "In Development", "Coming Soon", "Canceled"] as const;

/**
 * The roles a staff invitation may carry (docs/product.md#staff-invitations): the staff roles below
 * owner. An owner is made from an account that already exists, never from an address alone.
 */
export const INVITABLE_ROLES = ["moderator", "admin", "developer"] as const;
