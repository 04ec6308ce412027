// The one permissions table (docs/product.md#roles-and-permissions). Universal: server guards and
// the UI both read it; the server is the only authority.

import { ROLES } from "~/db/enums";

export { ROLES };
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

export function atLeast(role: Role, minimum: Role): boolean {
  return roleRank(role) >= roleRank(minimum);
}

/** Each permission and the lowest role that holds it. */
export const PERMISSIONS = {
  canAccessAdmin: "moderator",
  canManageMessages: "moderator",
  isAdmin: "admin",
  canManageNews: "admin",
  canManageSettings: "admin",
  // The press desk (docs/product.md#key-desk): key batches, sending keys, answering key requests,
  // coverage. Moderators may read the key requests (they read the inbox) but never act on them.
  canReadKeyRequests: "moderator",
  canManagePress: "admin",
  canManageNewsletter: "admin",
  // Announcements (docs/product.md#announcements): the Discord and webhook hooks a post goes out to.
  // Admins, as for news: the staff who publish decide where a post is announced.
  canManageAnnouncements: "admin",
  canManageGames: "developer",
  canAccessDevConsole: "developer",
  canManageRoles: "owner",
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value);
}

/**
 * Fails closed: a role or permission name that is not in the table (a string from a form or a JSON
 * body, whatever the types said; `constructor` walks the prototype) grants nothing.
 */
export function can(role: Role, permission: Permission): boolean {
  if (!isRole(role) || !isPermission(permission)) return false;
  return atLeast(role, PERMISSIONS[permission]);
}

export function permissionsOf(role: Role): Record<Permission, boolean> {
  return Object.fromEntries(
    (Object.keys(PERMISSIONS) as Permission[]).map((p) => [p, can(role, p)]),
  ) as Record<Permission, boolean>;
}

export const ROLE_LABELS: Record<Role, string> = {
  guest: "Guest",
  moderator: "Moderator",
  admin: "Admin",
  developer: "Developer",
  owner: "Owner",
};

/** Who holds a permission, in role words for people: "Admin and above", "Owner only". */
export function holdersOf(permission: Permission): string {
  const lowest = PERMISSIONS[permission];
  return lowest === ROLES[ROLES.length - 1]
    ? `${ROLE_LABELS[lowest]} only`
    : `${ROLE_LABELS[lowest]} and above`;
}
