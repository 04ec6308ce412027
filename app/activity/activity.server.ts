import type { Database } from "~/db/database.server";
import { userActivity } from "~/db/schema";

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
