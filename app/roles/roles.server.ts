import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/database.server";
import { userPreferences, userRoles, users } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import type { Page, PageRequest } from "~/platform/paging/cursor";
import { cursorTime, keyset, tablePage, toPage, whereAll } from "~/platform/paging/keyset.server";
import { matchesPrefixes } from "~/platform/paging/search.server";
import { can, isRole, type Permission, ROLES, type Role } from "./permissions";

/**
 * The user's role (docs/product.md#roles-and-permissions): 'guest' when there is none, when the
 * user is unknown, or when the lookup fails.
 */
export async function getUserRole(db: Database, userId: string | null | undefined): Promise<Role> {
  if (!userId) return "guest";
  try {
    const [row] = await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, userId));
    return row && isRole(row.role) ? row.role : "guest";
  } catch {
    return "guest";
  }
}

/**
 * The addresses of the staff who hold a permission and keep e-mail notifications on: who is told of
 * a new contact message (canManageMessages) or key request (canManagePress).
 */
export async function staffToNotify(db: Database, permission: Permission): Promise<string[]> {
  const holders = ROLES.filter((role) => can(role, permission));
  if (holders.length === 0) return [];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(inArray(userRoles.role, holders), eq(userPreferences.emailNotifications, true)));
  return rows.map((row) => row.email);
}

/**
 * Every owner's address, whatever their notification preference: for what only an owner can act
 * on and must not miss (a failed backup, the text messages' ceiling).
 */
export async function ownerAddresses(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, "owner"));
  return rows.map((row) => row.email);
}

export type UserWithRole = { id: string; email: string; role: Role; assignedAt: string | null };

/** What the users search reads: the name and the address (whole and by its parts). */
export const USER_SEARCH_DOCUMENT = sql`to_tsvector('simple', ${users.name} || ' ' || ${users.email} || ' ' || translate(${users.email}, '@.', '  '))`;

/** Users a page of the role list shows. */
export const USERS_PAGE_SIZE = 25;

export type UserFilter = { search?: string; role?: Role };

/** The query of one page of the users list (exported for the index checks of the scale tests). */
export function usersPageQuery(db: Database, page: PageRequest, filter: UserFilter, size: number) {
  const bounds = keyset({ at: users.createdAt, id: users.id }, page, size);
  // A user without a role row is a guest (docs/product.md#roles-and-permissions).
  const role =
    filter.role === undefined
      ? undefined
      : filter.role === "guest"
        ? or(isNull(userRoles.role), eq(userRoles.role, "guest"))
        : eq(userRoles.role, filter.role);
  return db
    .select({
      id: users.id,
      email: users.email,
      role: userRoles.role,
      assignedAt: userRoles.assignedAt,
      at: cursorTime(users.createdAt),
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(whereAll(role, matchesPrefixes(USER_SEARCH_DOCUMENT, filter.search), bounds.where))
    .orderBy(...bounds.orderBy)
    .limit(bounds.limit);
}

/**
 * One page of every account with its role, newest account first, optionally only those matching a
 * search (name or address) or holding one role (docs/product.md#role-management).
 */
export async function listUsersPage(
  db: Database,
  options: { page?: PageRequest; size?: number } & UserFilter = {},
): Promise<Page<UserWithRole>> {
  const page = options.page ?? { direction: "first" };
  const size = options.size ?? USERS_PAGE_SIZE;
  const rows = await usersPageQuery(db, page, options, size);
  return toPage(
    rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: isRole(row.role) ? row.role : "guest",
      assignedAt: row.assignedAt?.toISOString() ?? null,
      cursor: { at: row.at, id: row.id },
    })),
    page,
    size,
  );
}

/** One page of the assigned roles, latest first: what the API lists. */
export function listRoleAssignmentsPage(
  db: Database,
  options: { page: PageRequest; size: number },
) {
  const { page: request, size } = options;
  const order = { key: userRoles.assignedAt, id: userRoles.userId };
  return tablePage(db, userRoles, { ...order, request, size }, (row) => ({
    userId: row.userId,
    role: isRole(row.role) ? row.role : ("guest" as const),
    assignedAt: row.assignedAt.toISOString(),
  }));
}

export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return row?.id ?? null;
}

/** Refuses what would leave the studio without an owner (409, code `last_owner`). */
export function lastOwnerError(
  message = "The last owner cannot be given another role. Make someone else an owner first.",
) {
  return new AppError("conflict", message, { code: LAST_OWNER });
}

export const LAST_OWNER = "last_owner";

export function isLastOwnerError(error: unknown): error is AppError {
  return error instanceof AppError && error.code === LAST_OWNER;
}

/**
 * Inside a transaction: serialises everything that can take away an owner (role changes, account
 * deletion) until the transaction ends, so two of them cannot both pass the last-owner check.
 */
export async function lockOwners(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7428001)`);
}

/** Inside a transaction holding lockOwners: throws when the user is the only owner left. */
export async function refuseLastOwner(tx: Transaction, userId: string, message?: string) {
  const [current] = await tx
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  if (current?.role !== "owner") return;
  const [{ owners }] = (await tx
    .select({ owners: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.role, "owner"))) as [{ owners: number }];
  if (owners <= 1) throw lastOwnerError(message);
}

type RoleChange = { userId: string; role: Role; assignedBy: { id: string; email: string } | null };

/**
 * Changes a user's role: deletes their role rows and inserts one, recording who assigned it and
 * when, and writes the change to the staff audit log, all in one transaction. The last owner keeps
 * the owner role. The user's next request reads the new role (sessions are read per request).
 */
export function setUserRole(db: Database, input: RoleChange): Promise<{ from: Role; to: Role }> {
  return writeUserRole(db, input);
}

function writeUserRole(db: Database, input: RoleChange): Promise<{ from: Role; to: Role }> {
  return db.transaction(async (tx) => {
    await lockOwners(tx);
    const [current] = await tx
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(eq(userRoles.userId, input.userId));
    const from: Role = current && isRole(current.role) ? current.role : "guest";
    if (input.role !== "owner") await refuseLastOwner(tx, input.userId);
    await tx.delete(userRoles).where(eq(userRoles.userId, input.userId));
    await tx.insert(userRoles).values({
      userId: input.userId,
      role: input.role,
      assignedBy: input.assignedBy?.id ?? null,
    });
    await recordStaffAction(tx, {
      actor: input.assignedBy,
      action: "role.change",
      subjectType: "user",
      subjectId: input.userId,
      details: { from, to: input.role },
    });
    return { from, to: input.role };
  });
}

export async function countOwners(db: Database): Promise<number> {
  const [row] = await db
    .select({ owners: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.role, "owner"));
  return Number(row?.owners ?? 0);
}
