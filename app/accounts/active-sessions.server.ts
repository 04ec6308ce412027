import { and, eq, gt } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { sessions } from "~/db/schema";

/**
 * The account's sessions that have not expired (the profile's devices), read directly: the
 * library's list-sessions looks the session up again and refuses a session older than its
 * `freshAge` (a day), which left a day-old session's profile without its devices.
 */
export function listActiveSessions(db: Database, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      confirmedAt: sessions.confirmedAt,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
}
