import type { Database } from "~/db/database.server";
import { profiles, userPreferences } from "~/db/schema";

/** A new account's profile (username = email) and default preferences (SPEC section 3). */
export async function createAccountDefaults(
  db: Database,
  user: { id: string; email: string; createdAt?: Date },
): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: user.id, username: user.email, createdAt: user.createdAt ?? new Date() })
    .onConflictDoNothing();
  await db.insert(userPreferences).values({ userId: user.id }).onConflictDoNothing();
}
