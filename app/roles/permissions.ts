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
  // Every signed-in account, for its own sign-in factors through the API (docs/api.md#factors):
  // the router asks a permission of every call that needs a caller.
  canManageOwnFactors: "guest",
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
  // Where sign-in codes may be texted (docs/accounts-and-security.md#phone): text messages cost
  // money and are what SMS pumping farms, so the owner alone chooses the countries.
  canManageTextMessages: "owner",
  // Backups (docs/deployment.md#scheduled-backups): an archive holds every account and message of
  // the site, so the owner alone schedules them, takes one and downloads it.
  canManageBackups: "owner",
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

/**
 * Who holds a permission, in words for people: "Admin and above", "Owner only", "Any signed-in
 * account".
 */
export function holdersOf(permission: Permission): string {
  const lowest = PERMISSIONS[permission];
  // Every account is at least a guest: "Guest and above" would read as a role to be given.
  if (lowest === ROLES[0]) return "Any signed-in account";
  return lowest === ROLES[ROLES.length - 1]
    ? `${ROLE_LABELS[lowest]} only`
    : `${ROLE_LABELS[lowest]} and above`;
}

/**
 * What each permission lets its holders do, in words for whoever chooses a role (the invitation
 * form). null: a permission that only groups others (`isAdmin`).
 */
const POWERS: Record<Permission, string | null> = {
  canManageOwnFactors: "manage their own sign-in factors through the API",
  canAccessAdmin: "open the Admin Dashboard",
  canManageMessages: "read and answer contact messages",
  canReadKeyRequests: "read the press's key requests",
  isAdmin: null,
  canManageNews: "write news and pages",
  canManageSettings: "change the site settings",
  canManagePress: "run the press kits and the key desk",
  canManageNewsletter: "manage the newsletter's subscribers",
  canManageAnnouncements: "choose where posts are announced",
  canManageGames: "manage the games catalogue",
  canAccessDevConsole: "use the developer console",
  canManageRoles: "manage roles and invite staff",
  canManageTextMessages: "choose where sign-in codes are texted",
  canManageBackups: "schedule, take and download backups",
};

function sentence(parts: string[]): string {
  return parts.length < 2
    ? (parts[0] ?? "")
    : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * What a role may do, read from the table above: the powers it gains over the role below it, after
 * "Everything a <role below> may, and". "Moderator: open the Admin Dashboard, read and answer …".
 */
export function rolePowers(role: Role): string {
  const gained = (Object.keys(PERMISSIONS) as Permission[])
    .filter((permission) => PERMISSIONS[permission] === role)
    .flatMap((permission) => POWERS[permission] ?? []);
  const below = ROLES[roleRank(role) - 1];
  if (!gained.length)
    return below ? `The same as ${ROLE_LABELS[below]}.` : "Nothing beyond a visitor.";
  const own = sentence(gained);
  if (!below || below === "guest") return `${own.charAt(0).toUpperCase()}${own.slice(1)}.`;
  const label = ROLE_LABELS[below];
  return `Everything ${/^[AEIOU]/.test(label) ? "an" : "a"} ${label} may, and ${own}.`;
}
