import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { type ServerProcess, startServer } from "../support/processes";
import { startSmtp } from "../support/smtp";
import {
  AUTH_SECRET,
  createTestDatabase,
  createUser,
  missingRequirement,
  postForm,
  signIn,
  sleep,
  type TestDatabase,
  tempDir,
} from "./harness";

// Must-show 2 of the newsletter (docs/product.md#newsletter-sending): a post mailed to 10,000
// subscribers through a local SMTP server, on PostgreSQL with two server processes: each gets
// exactly one mail; then again while one process is killed (SIGKILL) mid-send and restarted: each
// still gets one (by Message-ID; raw repeats are reported); temporary refusals (451) are retried and
// delivered, permanent ones (550) are not retried.

const skipped = await missingRequirement({});
const ADMIN = "admin@newsletter-send.test";
const SUBSCRIBERS = 10_000;
const UNCONFIRMED = 25;
/** Answer 451 once, then accept. */
const TEMPORARY = Array.from({ length: 20 }, (_, i) => `u${i * 97 + 5}@example.test`);
/** Answer 550 every time. */
const PERMANENT = Array.from({ length: 10 }, (_, i) => `u${i * 311 + 7}@example.test`);

/** The figures the run reports beside its assertions (send times, raw repeats). */
const report = (line: string) => process.stdout.write(`newsletter: ${line}\n`);

describe.skipIf(skipped !== null)(
  `newsletter sending on two processes${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let database: TestDatabase;
    let direct: DatabaseHandle;
    let env: Record<string, string>;
    const servers: ServerProcess[] = [];
    const dataDirs: string[] = [];

    const start = async () => {
      const dataDir = tempDir("studio-newsletter-");
      dataDirs.push(dataDir);
      const server = await startServer({ dataDir, env });
      servers.push(server);
      return server;
    };

    beforeAll(async () => {
      smtp = await startSmtp();
      database = await createTestDatabase();
      env = {
        NODE_ENV: "production",
        DATABASE_URL: database.url,
        AUTH_SECRET,
        SITE_URL: "http://studio.example",
        LOG_LEVEL: "error",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?pool=true&maxConnections=4`,
        NEWSLETTER_RATE: "1000",
      };
      await Promise.all([start(), start()]);
      direct = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
      await createUser(direct.db, ADMIN, "admin");
      // 10,000 confirmed subscribers of the studio's list, and some who never confirmed.
      await direct.db.execute(
        sql.raw(`
        insert into subscriber_lists (game_id) values (null);
        insert into subscribers (email, confirmed_at)
          select 'u' || g || '@example.test', now() from generate_series(0, ${SUBSCRIBERS - 1}) g;
        insert into subscribers (email)
          select 'unconfirmed' || g || '@example.test' from generate_series(1, ${UNCONFIRMED}) g;
        insert into subscriptions (subscriber_id, list_id)
          select s.id, l.id from subscribers s, subscriber_lists l;`),
      );
    }, 300_000);

    afterAll(async () => {
      await direct?.close();
      await Promise.all(servers.map((server) => server.stop(5_000)));
      await database?.drop();
      await smtp?.close();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    const counts = async (title: string) => {
      const { rows } = await direct.db.execute(
        sql.raw(`
        select d.state, count(*)::int as count from newsletter_deliveries d
        join newsletter_sends s on s.id = d.send_id join news n on n.id = s.news_id
        where n.title = '${title}' group by d.state`),
      );
      return Object.fromEntries(
        (rows as { state: string; count: number }[]).map((row) => [row.state, row.count]),
      ) as Record<string, number>;
    };

    /** Waits until the post's deliveries are all sent, failed or skipped. */
    async function finished(title: string, timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const now = await counts(title);
        const total = Object.values(now).reduce((a, b) => a + b, 0);
        if (total > 0 && !now.queued && !now.sending) return now;
        if (Date.now() > until) throw new Error(`not finished: ${JSON.stringify(now)}`);
        await sleep(500);
      }
    }

    /** Per recipient: the mails accepted for this subject, and their distinct Message-IDs. */
    function tally(subject: string) {
      const raw = new Map<string, number>();
      const ids = new Map<string, Set<string>>();
      for (const mail of smtp.received.filter((one) => one.subject === subject)) {
        raw.set(mail.to, (raw.get(mail.to) ?? 0) + 1);
        if (!ids.has(mail.to)) ids.set(mail.to, new Set());
        ids.get(mail.to)!.add(mail.messageId);
      }
      return { raw, ids };
    }

    const publish = async (base: string, title: string) => {
      const cookie = await signIn(base, ADMIN);
      const saved = await postForm(base, "/admin/news", cookie, {
        intent: "news-create",
        title,
        content: `## ${title}\n\nRead [the notes](/news).`,
        state: "published",
        mailLists: "studio",
      });
      expect(saved.status).toBe(200);
    };

    it("mails each of 10,000 subscribers exactly once with two processes working", async () => {
      const started = Date.now();
      await publish(servers[0]!.url, "First post");
      const done = await finished("First post", 120_000);
      const seconds = (Date.now() - started) / 1000;
      report(`first send: ${JSON.stringify(done)} in ${seconds.toFixed(1)} s`);
      expect(done).toEqual({ sent: SUBSCRIBERS });
      const { raw, ids } = tally("First post");
      expect(raw.size).toBe(SUBSCRIBERS);
      expect([...raw.values()].every((n) => n === 1)).toBe(true);
      expect([...ids.values()].every((set) => set.size === 1)).toBe(true);
      expect([...raw.keys()].some((to) => to.startsWith("unconfirmed"))).toBe(false);
    }, 180_000);

    it("still mails each once when a process is killed mid-send; 451 retried, 550 not", async () => {
      smtp.refuse(TEMPORARY, PERMANENT);
      const [a, b] = servers as [ServerProcess, ServerProcess];
      await publish(b.url, "Second post");
      // Kill one process (SIGKILL: no shutdown) once a part of the send is done, then restart it.
      for (;;) {
        const now = await counts("Second post");
        if ((now.sent ?? 0) >= SUBSCRIBERS / 5) break;
        await sleep(100);
      }
      await a.kill();
      servers.splice(servers.indexOf(a), 1);
      await start();
      const done = await finished("Second post", 240_000);
      report(`second send: ${JSON.stringify(done)}`);
      expect(done).toEqual({ sent: SUBSCRIBERS - PERMANENT.length, failed: PERMANENT.length });

      const { raw, ids } = tally("Second post");
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
      const { rows } = await direct.db.execute(
        sql.raw(`
        select s.email, d.state, d.attempts from newsletter_deliveries d
        join subscribers s on s.id = d.subscriber_id
        join newsletter_sends n on n.id = d.send_id join news p on p.id = n.news_id
        where p.title = 'Second post' and s.email = any(array[${[...TEMPORARY, ...PERMANENT]
          .map((e) => `'${e}'`)
          .join(",")}])`),
      );
      for (const row of rows as { email: string; state: string; attempts: number }[]) {
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
