import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { userActivity } from "~/db/schema";
import type { ActivityEntry } from "./activity-schema";

export const ACTIVITY_TYPES = ["login", "news_view", "game_view", "profile_update"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export async function recordActivity(
  db: Database,
  userId: string,
  activityType: ActivityType,
  activityData: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(userActivity).values({ userId, activityType, activityData });
}

/** Recent activity is limited to 20 records (docs/product.md#numbers). */
export const RECENT_ACTIVITY_LIMIT = 20;

export async function listRecentActivity(db: Database, userId: string): Promise<ActivityEntry[]> {
  const rows = await db
    .select()
    .from(userActivity)
    .where(eq(userActivity.userId, userId))
    .orderBy(desc(userActivity.createdAt))
    .limit(RECENT_ACTIVITY_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    activityType: row.activityType,
    activityData: row.activityData ?? {},
    createdAt: row.createdAt.toISOString(),
  }));
}
