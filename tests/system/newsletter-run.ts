import fs from "node:fs";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { type ServerProcess, startServer } from "../support/processes";
import { startSmtp } from "../support/smtp";
import {
  AUTH_SECRET,
  createTestDatabase,
  createUser,
  PASSWORD,
  type TestDatabase,
  tempDir,
} from "./harness";

// A newsletter post mailed by server processes sharing PostgreSQL to the subscribers of a local
// SMTP server (docs/product.md#newsletter-sending): what tests/system/newsletter-send.test.ts (a
// few hundred subscribers, the test's clock) and `npm run bench` (10,000, real time) both run.
// Subscribers are u0…u<n-1>@example.test, all confirmed on the studio's list, plus some who never
// confirmed.

export type Counts = Record<string, number>;

export type NewsletterRun = {
  servers: ServerProcess[];
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  database: TestDatabase;
  direct: DatabaseHandle;
  /** Starts one more server process on the run's database. */
  start(): Promise<ServerProcess>;
  /** Publishes a post for the studio's list through `base`'s admin form (a browser without JS). */
  publish(base: string, title: string): Promise<void>;
  /** The post's deliveries per state. */
  counts(title: string): Promise<Counts>;
  /** Waits until the post's deliveries are all sent, failed or skipped; their counts. */
  finished(title: string, timeoutMs: number, onWait?: () => Promise<void>): Promise<Counts>;
  /** Per recipient: the mails accepted for this subject, and their distinct Message-IDs. */
  tally(subject: string): { raw: Map<string, number>; ids: Map<string, Set<string>> };
  stop(): Promise<void>;
};

export const subscriberAddress = (n: number) => `u${n}@example.test`;

export async function startNewsletterRun(options: {
  admin: string;
  subscribers: number;
  unconfirmed: number;
  /** NEWSLETTER_RATE of each process. */
  rate: number;
  /** More of the processes' environment (NODE_ENV, TEST_CLOCK_FILE). */
  env?: Record<string, string>;
  processes?: number;
}): Promise<NewsletterRun> {
  const smtp = await startSmtp();
  const database = await createTestDatabase();
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let direct: DatabaseHandle | undefined;
  const env = {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    AUTH_SECRET,
    SITE_URL: "http://studio.example",
    LOG_LEVEL: "error",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?pool=true&maxConnections=4`,
    NEWSLETTER_RATE: String(options.rate),
    ...options.env,
  };
  const start = async () => {
    const dataDir = tempDir("studio-newsletter-");
    dataDirs.push(dataDir);
    const server = await startServer({ dataDir, env });
    servers.push(server);
    return server;
  };
  const stop = async () => {
    await direct?.close();
    await Promise.all(servers.map((server) => server.stop(5_000)));
    await database.drop();
    await smtp.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  };

  const counts = async (title: string) => {
    const { rows } = await direct!.db.execute<{ state: string; count: number }>(sql`
      select d.state, count(*)::int as count from newsletter_deliveries d
      join newsletter_sends s on s.id = d.send_id join news n on n.id = s.news_id
      where n.title = ${title} group by d.state`);
    return Object.fromEntries(rows.map((row) => [row.state, row.count])) as Counts;
  };

  try {
    await Promise.all(Array.from({ length: options.processes ?? 2 }, start));
    direct = await openDatabase({ engine: "postgres", url: database.url, poolSize: 2 });
    await createUser(direct.db, options.admin, "admin");
    await direct.db.execute(
      sql.raw(`
      insert into subscriber_lists (game_id) values (null);
      insert into subscribers (email, confirmed_at)
        select 'u' || g || '@example.test', now() from generate_series(0, ${options.subscribers - 1}) g;
      insert into subscribers (email)
        select 'unconfirmed' || g || '@example.test' from generate_series(1, ${options.unconfirmed}) g;
      insert into subscriptions (subscriber_id, list_id)
        select s.id, l.id from subscribers s, subscriber_lists l;`),
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    servers,
    smtp,
    database,
    direct,
    start,
    counts,
    async publish(base, title) {
      const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
        method: "POST",
        // The auth library wants an Origin outside a test runner (the bench): a browser sends one.
        headers: { "Content-Type": "application/json", Origin: base },
        body: JSON.stringify({ email: options.admin, password: PASSWORD }),
      });
      if (signedIn.status !== 200)
        throw new Error(`sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((one) => one.split(";")[0])
        .join("; ");
      const saved = await fetch(`${base}/admin/news`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: base,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          intent: "news-create",
          title,
          content: `## ${title}\n\nRead [the notes](/news).`,
          state: "published",
          mailLists: "studio",
        }),
        redirect: "manual",
      });
      if (saved.status !== 200) throw new Error(`the post was not saved: ${saved.status}`);
    },
    async finished(title, timeoutMs, onWait) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const now = await counts(title);
        const total = Object.values(now).reduce((a, b) => a + b, 0);
        if (total > 0 && !now.queued && !now.sending) return now;
        if (Date.now() > until) throw new Error(`not finished: ${JSON.stringify(now)}`);
        await onWait?.();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    tally(subject) {
      const raw = new Map<string, number>();
      const ids = new Map<string, Set<string>>();
      for (const mail of smtp.received.filter((one) => one.subject === subject)) {
        raw.set(mail.to, (raw.get(mail.to) ?? 0) + 1);
        if (!ids.has(mail.to)) ids.set(mail.to, new Set());
        ids.get(mail.to)!.add(mail.messageId);
      }
      return { raw, ids };
    },
    stop,
  };
}
