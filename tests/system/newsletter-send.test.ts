import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerProcess } from "../support/processes";
import { type TestClock, testClock } from "../support/test-clock";
import { missingRequirement, tempDir, waitFor } from "./harness";
import { type NewsletterRun, startNewsletterRun, subscriberAddress } from "./newsletter-run";

// Must-show 2 of the newsletter (docs/product.md#newsletter-sending), at the smallest size that
// shows it: a post mailed to a few hundred subscribers through a local SMTP server, on PostgreSQL
// with two server processes: each gets exactly one mail; then again while one process is killed
// (SIGKILL) mid-send and restarted: each still gets one (by Message-ID; raw repeats are reported);
// temporary refusals (451) are retried and delivered, permanent ones (550) are not retried. The
// dead process's deliveries wait out their lease, and the refused ones their backoff, on the test's
// clock (tests/support/test-clock.ts), not the machine's. `npm run bench` runs the same at 10,000
// subscribers in real time (scripts/bench/scenarios/send.ts).

const skipped = await missingRequirement({});
const ADMIN = "admin@newsletter-send.test";
const SUBSCRIBERS = 400;
const UNCONFIRMED = 5;
/** Answer 451 once, then accept. */
const TEMPORARY = Array.from({ length: 6 }, (_, i) => subscriberAddress(i * 61 + 5));
/** Answer 550 every time. */
const PERMANENT = Array.from({ length: 4 }, (_, i) => subscriberAddress(i * 97 + 7));

/** The figures the run reports beside its assertions (send times, raw repeats). */
const report = (line: string) => process.stdout.write(`newsletter: ${line}\n`);

describe.skipIf(skipped !== null)(
  `newsletter sending on two processes${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let run: NewsletterRun;
    let clock: TestClock;
    const clockDir = tempDir("studio-newsletter-clock-");

    beforeAll(async () => {
      clock = testClock(clockDir);
      run = await startNewsletterRun({
        admin: ADMIN,
        subscribers: SUBSCRIBERS,
        unconfirmed: UNCONFIRMED,
        // 25 mails a second per process: a job's batch of 50 lasts two seconds, long enough to
        // kill a process in the middle of one.
        rate: 25,
        env: { NODE_ENV: "test", TEST_CLOCK_FILE: clock.file },
      });
    }, 180_000);

    afterAll(async () => {
      await run?.stop();
      fs.rmSync(clockDir, { recursive: true, force: true });
    });

    const sendIdOf = async (title: string) => {
      const { rows } = await run.direct.db.execute<{ id: string }>(sql`
        select s.id from newsletter_sends s join news n on n.id = s.news_id where n.title = ${title}`);
      return rows[0]?.id;
    };

    it(`mails each of ${SUBSCRIBERS} subscribers exactly once with two processes working`, async () => {
      const started = Date.now();
      await run.publish(run.servers[0]!.url, "First post");
      const done = await run.finished("First post", 120_000);
      report(
        `first send: ${JSON.stringify(done)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(done).toEqual({ sent: SUBSCRIBERS });
      const { raw, ids } = run.tally("First post");
      expect(raw.size).toBe(SUBSCRIBERS);
      expect([...raw.values()].every((n) => n === 1)).toBe(true);
      expect([...ids.values()].every((set) => set.size === 1)).toBe(true);
      expect([...raw.keys()].some((to) => to.startsWith("unconfirmed"))).toBe(false);
    }, 180_000);

    it("still mails each once when a process is killed mid-send; 451 retried, 550 not", async () => {
      const { smtp, direct } = run;
      smtp.refuse(TEMPORARY, PERMANENT);
      const [a, b] = run.servers as [ServerProcess, ServerProcess];
      await run.publish(b.url, "Second post");
      // Kill one process (SIGKILL: no shutdown) in the middle of a batch: a process works one
      // job (at most 50 deliveries) at a time, so more than 50 being sent means both hold some.
      await waitFor(
        "both processes in the middle of a batch",
        async () => {
          const now = await run.counts("Second post");
          if (now.sent && !now.queued && !now.sending)
            throw new Error(`sent before a kill: ${JSON.stringify(now)}`);
          return (now.sending ?? 0) > 50;
        },
        { timeoutMs: 60_000, everyMs: 20 },
      );
      await a.kill();
      run.servers.splice(run.servers.indexOf(a), 1);
      const sendId = (await sendIdOf("Second post"))!;

      // The other process goes on alone. Once nothing is left that it may take (the rest held by
      // the dead process's lease, or waiting out a 451's backoff), it queues a job for when the
      // first of those ends: that job is the sign it is idle.
      const idleBy = Date.now() + 90_000;
      for (;;) {
        const { rows } = await direct.db.execute<{ count: number }>(sql`
          select count(*)::int as count from pgboss.job where name = 'newsletter.deliver'
            and singleton_key = ${`resume:${sendId}`} and state = 'created'`);
        if (Number(rows[0]?.count) > 0) break;
        if (Date.now() > idleBy)
          throw new Error(`never idle: ${JSON.stringify(await run.counts("Second post"))}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The dead process had deliveries in flight: they are still its, under its lease.
      const held = await run.counts("Second post");
      report(`after the kill: ${JSON.stringify(held)}`);
      expect(held.sending ?? 0).toBeGreaterThan(0);

      // Time passes: the clock moves past the last lease and backoff (at once, while nothing
      // else holds a delivery); the killed process comes back, and the rest is taken again.
      const { rows: timers } = await direct.db.execute<{ last: string }>(sql`
        select max(case when state = 'sending' then lease_until else not_before end) as last
        from newsletter_deliveries where send_id = ${sendId} and state in ('queued', 'sending')`);
      const last = new Date(timers[0]!.last);
      expect(last.getTime()).toBeGreaterThan(clock.now().getTime());
      await clock.advanceTo(new Date(last.getTime() + 1_000), run.database.url);
      await run.start();
      const done = await run.finished("Second post", 120_000);
      report(`second send: ${JSON.stringify(done)}`);
      expect(done).toEqual({ sent: SUBSCRIBERS - PERMANENT.length, failed: PERMANENT.length });

      const { raw, ids } = run.tally("Second post");
      const duplicates = [...raw.entries()].filter(([, n]) => n > 1);
      report(
        `raw repeats after the kill: ${duplicates.length} recipients got a mail twice (same Message-ID)`,
      );
      expect(raw.size).toBe(SUBSCRIBERS - PERMANENT.length);
      // By Message-ID (what a receiver keeps), every subscriber got exactly one.
      expect([...ids.values()].every((set) => set.size === 1)).toBe(true);
      // A repeat can only be the one delivery a killed process had in flight per connection.
      expect(duplicates.length).toBeLessThanOrEqual(8);

      for (const to of TEMPORARY) {
        expect(raw.get(to), to).toBeGreaterThanOrEqual(1);
        expect(smtp.refusals.get(to), to).toBe(1);
      }
      for (const to of PERMANENT) {
        expect(raw.get(to), to).toBeUndefined();
        // Refused once, never tried again.
        expect(smtp.refusals.get(to), to).toBe(1);
      }
      const { rows } = await direct.db.execute<{ email: string; state: string; attempts: number }>(
        sql`
        select s.email, d.state, d.attempts from newsletter_deliveries d
        join subscribers s on s.id = d.subscriber_id
        where d.send_id = ${sendId} and s.email in ${[...TEMPORARY, ...PERMANENT]}`,
      );
      expect(rows).toHaveLength(TEMPORARY.length + PERMANENT.length);
      for (const row of rows) {
        if (PERMANENT.includes(row.email))
          expect(row).toMatchObject({ state: "failed", attempts: 1 });
        else {
          expect(row.state).toBe("sent");
          expect(row.attempts).toBeGreaterThanOrEqual(2);
        }
      }
    }, 300_000);
  },
);
