import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { log, wants } from "../options";
import { notes, rows } from "../report";
import { authSecret, databaseUrl, work } from "../workspace";

// Mail through the job queue (docs/performance.md#newsletter-mail): the same post mailed to
// MAILS subscribers of a local SMTP server (the `smtp-server` package, accepting everything), once
// by a plain loop over the mailer and once through `newsletter.send` and `newsletter.deliver`
// (deliveries made in the database, claimed, mailed, marked sent). Both use one nodemailer pool of
// 4 connections and 4 mails at a time; the queue's jobs are run in this process (`jobs.drain`), so
// the difference is the queue's own work, not a worker's polling interval.

const MAILS = 2_000;

export async function mailScenario() {
  if (!wants("mail")) return;
  const [
    { openConfiguredDatabase },
    { migrate },
    { loadEnv },
    { createLogger },
    { createMailer },
    { createJobs },
    news,
    newsletter,
  ] = await Promise.all([
    import("~/db/open.server"),
    import("~/db/migrate.server"),
    import("~/platform/config/env.server"),
    import("~/platform/logging/logger.server"),
    import("~/platform/mail/mailer.server"),
    import("~/platform/jobs/jobs.server"),
    import("~/news/index.server"),
    import("~/newsletter/send.server"),
  ]);
  const { preparePostMail } = await import("~/newsletter/post-mail-data.server");
  const { deliveryCounts } = await import("~/newsletter/send-lists.server");
  const { newsletterQueues } = await import("~/newsletter/queues.server");
  const { postMail } = await import("~/newsletter/post-mail.server");

  let accepted = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        accepted++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}/?pool=true&maxConnections=4`;

  const dataDir = path.join(work, "mail-data");
  fs.mkdirSync(dataDir, { recursive: true });
  const env = {
    ...loadEnv({
      DATA_DIR: dataDir,
      AUTH_SECRET: authSecret,
      SITE_URL: "https://studio.example",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    NEWSLETTER_RATE: 1_000_000,
  };
  const database = await openConfiguredDatabase(env);
  try {
    await migrate(database);
    const { db } = database;
    const logger = createLogger("silent");
    const mailer = createMailer({ smtpUrl, dataDir, logger });
    log(`mail: ${MAILS} subscribers, ${database.description}`);
    await db.execute(
      sql`insert into subscriber_lists (game_id) values (null) on conflict do nothing`,
    );
    await db.execute(sql`
      insert into subscribers (email, confirmed_at)
      select 'bench' || g || '@example.test', now() from generate_series(1, ${MAILS}) g
      on conflict do nothing`);
    await db.execute(sql`
      insert into subscriptions (subscriber_id, list_id)
      select s.id, l.id from subscribers s, subscriber_lists l where s.email like 'bench%'
      on conflict do nothing`);
    const content = [
      "## What's new",
      "",
      "A long paragraph of patch notes with a [link](/games) and **bold** words. ".repeat(8),
      "",
      "- one\n- two\n- three",
    ].join("\n");
    const post = await news.createNews(db, { title: "Bench post", content, format: "markdown" });
    const keys = { secret: env.AUTH_SECRET, siteUrl: env.SITE_URL };

    // 1. A plain loop: the mail made per recipient and sent, 4 at a time.
    const people = (
      await db.execute<{ id: string; email: string }>(
        sql`select id, email from subscribers where email like 'bench%'`,
      )
    ).rows;
    const prepared = (await preparePostMail(db, env.SITE_URL, post.id))!.prepared;
    const identity = await mailer.identity();
    const before = accepted;
    let started = performance.now();
    const queue = [...people];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let one = queue.shift(); one; one = queue.shift())
          await mailer.send({
            to: one.email,
            sender: identity,
            ...postMail(prepared, {
              subscriberId: one.id,
              list: { slug: "studio", name: "Studio news" },
              messageId: `<direct.${one.id}@studio.example>`,
              keys,
            }),
          });
      }),
    );
    const directS = (performance.now() - started) / 1000;
    if (accepted - before !== MAILS) throw new Error(`direct: ${accepted - before} mails accepted`);

    // 2. Through the queue: the send started, its delivery jobs run until none is left.
    const jobs = createJobs(database, logger);
    await jobs.start(newsletterQueues({ db, env, jobs, logger, mailer }), { work: false });
    await db.execute(sql`
      insert into newsletter_sends (news_id, lists)
      select ${post.id}::uuid, jsonb_agg(id::text) from subscriber_lists`);
    const queuedBefore = accepted;
    started = performance.now();
    await newsletter.sweepSends({ db, jobs, siteUrl: env.SITE_URL });
    while ((await jobs.drain(newsletter.NEWSLETTER_DELIVER)) > 0) {}
    const queueS = (performance.now() - started) / 1000;
    await jobs.stop();
    if (accepted - queuedBefore !== MAILS)
      throw new Error(`queue: ${accepted - queuedBefore} mails accepted`);
    const counts = await deliveryCounts(
      db,
      (await db.execute<{ id: string }>(sql`select id from newsletter_sends limit 1`)).rows[0]!.id,
    );
    if (counts.sent !== MAILS) throw new Error(`queue: ${JSON.stringify(counts)}`);

    const row = (scenario: string, seconds: number) => ({
      scenario,
      side: "-" as const,
      encoding: "-",
      connections: 4,
      rps: MAILS / seconds,
      p50Ms: (seconds * 1000) / MAILS,
      p99Ms: (seconds * 1000) / MAILS,
      note: `${MAILS} mails in ${seconds.toFixed(2)} s (mails/s in the req/s column; ms per mail)`,
    });
    rows.push(row(`mail: ${MAILS} sent by a loop`, directS));
    rows.push({
      ...row(`mail: ${MAILS} through the queue`, queueS),
      goal: "≤ 2× the loop's time",
      met: queueS <= 2 * directS,
    });
    notes.push(
      `mail: the queue takes ${(queueS / directS).toFixed(2)}× the loop's time (${(MAILS / queueS).toFixed(0)} vs ${(MAILS / directS).toFixed(0)} mails/s), per process, NEWSLETTER_RATE unbounded`,
    );
  } finally {
    await database.close();
    // Not awaited: it waits for the mailer's pooled connections, which end with the process.
    smtp.close();
  }
}
