import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { userRoles, users } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import { isRole, type Role } from "./permissions";
import type { RoleAssignment } from "./role-schema";

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

export type UserWithRole = { id: string; email: string; role: Role; assignedAt: string | null };

export async function listUsersWithRoles(db: Database): Promise<UserWithRole[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      role: userRoles.role,
      assignedAt: userRoles.assignedAt,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .orderBy(asc(users.email));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: isRole(row.role) ? row.role : "guest",
    assignedAt: row.assignedAt?.toISOString() ?? null,
  }));
}

/** The assigned roles, latest first. */
export async function listRoleAssignments(
  db: Database,
  options: { limit: number },
): Promise<RoleAssignment[]> {
  const rows = await db
    .select()
    .from(userRoles)
    .orderBy(desc(userRoles.assignedAt))
    .limit(options.limit);
  return rows.map((row) => ({
    userId: row.userId,
    role: isRole(row.role) ? row.role : "guest",
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
export async function lockOwners(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7428001)`);
}

/** Inside a transaction holding lockOwners: throws when the user is the only owner left. */
export async function refuseLastOwner(tx: Database, userId: string, message?: string) {
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

/**
 * Changes a user's role: deletes their role rows and inserts one, recording who assigned it and
 * when, and writes the change to the staff audit log, all in one transaction. The last owner keeps
 * the owner role.
 */
export async function setUserRole(
  db: Database,
  input: { userId: string; role: Role; assignedBy: { id: string; email: string } | null },
): Promise<{ from: Role; to: Role }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
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
