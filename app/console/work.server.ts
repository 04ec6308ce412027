import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { developerWork, userRoles, users } from "~/db/schema";
import type { TeamMember, Work } from "./console-schemas";

export async function getWork(db: Database, userId: string): Promise<Work> {
  const [row] = await db.select().from(developerWork).where(eq(developerWork.userId, userId));
  return row
    ? { currentTask: row.currentTask, status: row.status, updatedAt: row.updatedAt.toISOString() }
    : { currentTask: null, status: "active", updatedAt: null };
}

/**
 * Upsert on user_id; the task is trimmed, saved as null when empty, status 'active'
 * (docs/product.md#overview-tab).
 */
export async function saveWork(db: Database, userId: string, task: string | null): Promise<Work> {
  const currentTask = task?.trim() ? task.trim() : null;
  const now = new Date();
  await db
    .insert(developerWork)
    .values({ userId, currentTask, status: "active", updatedAt: now })
    .onConflictDoUpdate({
      target: developerWork.userId,
      set: { currentTask, status: "active", updatedAt: now },
    });
  return { currentTask, status: "active", updatedAt: now.toISOString() };
}

/** Developers and owners with their current work (docs/product.md#team-tab). */
export async function listTeam(db: Database): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      role: userRoles.role,
      currentTask: developerWork.currentTask,
      updatedAt: developerWork.updatedAt,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(developerWork, eq(developerWork.userId, users.id))
    .where(inArray(userRoles.role, ["developer", "owner"]))
    .orderBy(desc(userRoles.role), users.email);
  return rows.map((row) => ({
    ...row,
    role: row.role as TeamMember["role"],
    updatedAt: row.updatedAt?.toISOString() ?? null,
  }));
}
