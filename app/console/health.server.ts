import { count, desc, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/database.server";
import * as schema from "~/db/schema";
import type { Health, HealthStatus } from "./console-schemas";

const SLOW_MS = 250;

/** Real measurements: a database round trip, the auth tables, the latest user activity. */
export async function measureHealth(runtime: {
  db: Database;
  ping(): Promise<void>;
}): Promise<Health> {
  const started = performance.now();
  let database: HealthStatus = "healthy";
  try {
    await runtime.ping();
  } catch {
    database = "error";
  }
  const responseTimeMs = Math.round(performance.now() - started);
  if (database === "healthy" && responseTimeMs > SLOW_MS) database = "warning";
  let auth: HealthStatus = "healthy";
  let userCount = 0;
  let lastActivity: string | null = null;
  try {
    const [users] = await runtime.db.select({ n: count() }).from(schema.users);
    await runtime.db.select({ n: count() }).from(schema.sessions);
    userCount = Number(users?.n ?? 0);
    if (userCount === 0) auth = "warning";
  } catch {
    auth = "error";
  }
  try {
    const [latest] = await runtime.db
      .select({ at: schema.userActivity.createdAt })
      .from(schema.userActivity)
      .orderBy(desc(schema.userActivity.createdAt))
      .limit(1);
    lastActivity = latest?.at.toISOString() ?? null;
  } catch {
    // reported through the database status
  }
  return {
    database,
    auth,
    userCount,
    responseTimeMs,
    lastActivity,
    checkedAt: new Date().toISOString(),
  };
}

/** The tables the Database Monitor shows, one tile each. */
export const MONITORED_TABLES: PgTable[] = [
  schema.news,
  schema.games,
  schema.contactMessages,
  schema.users,
  schema.sessions,
  schema.profiles,
  schema.userRoles,
  schema.userPreferences,
  schema.userActivity,
  schema.developerWork,
  schema.staffAuditLog,
];

/**
 * Row counts per table; a table whose count fails shows 0 and is flagged
 * (docs/product.md#database-tab).
 */
export async function tableCounts(db: Database) {
  return Promise.all(
    MONITORED_TABLES.map(async (table) => {
      const name = getTableName(table);
      try {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
        return { table: name, count: Number(row?.n ?? 0), failed: false };
      } catch {
        return { table: name, count: 0, failed: true };
      }
    }),
  );
}
