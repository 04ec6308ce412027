import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Fixed-window counter kept in the database, so every process that shares the database shares the
 * count. One statement: concurrent hits cannot lose an increment.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when r.window_start <= now() - ${window} then 1 else r.count + 1 end,
      window_start = case when r.window_start <= now() - ${window} then now() else r.window_start end
    returning count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`);
  const row = (result as unknown as { rows: { count: number; retry_after: number }[] }).rows[0]!;
  const count = Number(row.count);
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Number(row.retry_after)),
  };
}
