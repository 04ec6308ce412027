import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { apiKeys } from "~/db/schema";

// Apart from api-keys.server.ts, which reads the auth library from the router context: the auth
// library's own hooks call this.

/** Revokes every key of the user (a password reset); how many went. */
export async function revokeAllApiKeys(db: Database, userId: string) {
  const gone = await db
    .delete(apiKeys)
    .where(eq(apiKeys.referenceId, userId))
    .returning({ id: apiKeys.id });
  return gone.length;
}
