import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../../app/db/database.server";
import { JOB_SCHEMA } from "../../app/db/job-queue.server";
import { clockOffset, setClockOffset } from "../../app/platform/clock/clock.server";

// The clock of the server processes a test starts (app/platform/clock/clock.server.ts): a file the
// processes name in TEST_CLOCK_FILE, holding how far their time runs ahead of the machine's. Moving
// it forward is time passing for them: every rule they judge by the clock (a scheduled post, a
// lease, a backoff, an expiry) sees the new time at its next read. The job queue keeps the
// machine's time, so the jobs waiting for a time (a post's publication nudge, a retry, a resumed
// send) are moved forward by the same amount, as if that much time had passed for them too.

export type TestClock = {
  /** The file to pass as TEST_CLOCK_FILE. */
  file: string;
  /** The processes' time now. */
  now(): Date;
  /**
   * Moves the processes' time forward by `ms`, and the waiting jobs of the database at
   * `databaseUrl` (without it, only the clock: for a test whose processes must see no write).
   */
  advance(ms: number, databaseUrl?: string): Promise<void>;
  /** Moves it to `at` (not back). */
  advanceTo(at: Date, databaseUrl?: string): Promise<void>;
};

/** A clock at the machine's time, kept in `dir`. */
export function testClock(dir: string): TestClock {
  const file = path.join(dir, "studio-clock");
  let offset = 0;
  const write = () => {
    // Written whole, then renamed: a process never reads a half-written offset.
    const next = `${file}.next`;
    fs.writeFileSync(next, String(offset));
    fs.renameSync(next, file);
  };
  write();
  const clock: TestClock = {
    file,
    now: () => new Date(Date.now() + offset),
    async advance(ms, databaseUrl) {
      const step = Math.ceil(ms);
      if (!(step > 0)) throw new Error(`the clock only moves forward (asked ${ms} ms)`);
      offset += step;
      write();
      if (!databaseUrl) return;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(
          `update ${JOB_SCHEMA}.job set start_after = start_after - make_interval(secs => $1)
           where state in ('created', 'retry') and start_after > now()`,
          [step / 1000],
        );
      } finally {
        await client.end();
      }
    },
    advanceTo(at, databaseUrl) {
      return clock.advance(at.getTime() - clock.now().getTime(), databaseUrl);
    },
  };
  return clock;
}

/**
 * Time passing by `ms` for the product in this test's own process (`setClockOffset`), and for the
 * jobs waiting in its database (as `advance` does for the server processes): a post's nudge at its
 * publication time, a retry, a resumed send become due as they would have.
 */
export async function passInProcess(db: Database, ms: number): Promise<void> {
  const step = Math.ceil(ms);
  if (!(step > 0)) throw new Error(`the clock only moves forward (asked ${ms} ms)`);
  setClockOffset(clockOffset() + step);
  await db.execute(sql`
    update ${sql.raw(JOB_SCHEMA)}.job set start_after = start_after - make_interval(secs => ${step / 1000})
    where state in ('created', 'retry') and start_after > now()`);
}
