import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { apiKeys } from "~/db/schema";
import { AppError } from "~/platform/errors/app-error";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { authContext } from "./auth-context.server";
import { mailNewCredential } from "./credential-mail.server";
import type { ApiKeySummary } from "./tokens";

// Personal API keys through the auth library's api-key plugin: it makes the key,
// keeps only its hash and checks it. A key acts as its owner with the owner's role of the moment
// (the API reads it on each request), so a demoted or deleted account's keys lose their power at
// once; revoking deletes the row, which every process sees on the key's next use.

/** A user's keys, newest first, without the keys themselves (only their first characters). */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      start: apiKeys.start,
      createdAt: apiKeys.createdAt,
      lastRequest: apiKeys.lastRequest,
    })
    .from(apiKeys)
    .where(eq(apiKeys.referenceId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? "API key",
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    lastUsed: row.lastRequest ? row.lastRequest.toISOString() : null,
  }));
}

/** Makes a key for the user; the answer is the only time the whole key is seen. */
export async function createApiKey(
  context: AppContext,
  user: { id: string; email: string },
  name: string,
): Promise<string> {
  const runtime = context.get(runtimeContext);
  const userId = user.id;
  const [held] = await runtime.db
    .select({ n: count() })
    .from(apiKeys)
    .where(eq(apiKeys.referenceId, userId));
  const limit = runtime.env.API_KEYS_PER_USER;
  if ((held?.n ?? 0) >= limit) throw tooManyKeys(limit);
  const made = await context.get(authContext).api.createApiKey({ body: { name, userId } });
  if (!(await keptWithinLimit(runtime.db, userId, made.id, limit))) throw tooManyKeys(limit);
  // The account is told; a failed mail does not undo the key (it is in the list to revoke).
  await mailNewCredential(runtime.mailer, runtime.env.SITE_URL, user.email, {
    kind: "api-key",
    name,
  }).catch((error) => runtime.logger.error({ err: error }, "new API key mail not sent"));
  return made.key;
}

const tooManyKeys = (limit: number) =>
  new AppError(
    "conflict",
    `You already have ${limit} API keys. Revoke one you no longer use first.`,
  );

/**
 * Parallel creations all pass the count before them. The library writes its key on its own
 * connection (it cannot join our transaction), so the count is settled after it: under the
 * account's lock, a new key whose owner already holds `limit` others is taken back before anyone
 * has seen it. One at a time, so exactly `limit` stay, on every process.
 */
async function keptWithinLimit(db: Database, userId: string, keyId: string, limit: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api keys of ${userId}`}))`);
    const [others] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.referenceId, userId), ne(apiKeys.id, keyId)));
    if ((others?.n ?? 0) < limit) return true;
    await tx.delete(apiKeys).where(eq(apiKeys.id, keyId));
    return false;
  });
}

/** Revokes one of the user's keys; false when the user has no such key. */
export async function revokeApiKey(db: Database, userId: string, keyId: string) {
  const gone = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.referenceId, userId)))
    .returning({ id: apiKeys.id });
  return gone.length > 0;
}

/** The owner of a valid key, or null (unknown, revoked, expired or malformed). */
export async function apiKeyOwner(context: AppContext, key: string) {
  if (key.length === 0 || key.length > 200) return null;
  const answer = await context.get(authContext).api.verifyApiKey({ body: { key } });
  return answer.valid && answer.key ? answer.key.referenceId : null;
}
