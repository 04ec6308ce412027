import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { newsletterSends } from "~/db/schema";
import { SQL_NOW } from "~/platform/clock/clock.server";
import type { Jobs } from "~/platform/jobs/jobs.server";
import type { Logger } from "~/platform/logging/logger.server";
import type { Mailer, MailIdentity } from "~/platform/mail/mailer.server";
import type { NewsletterKeys } from "./newsletter.server";
import { type MailList, postMail } from "./post-mail.server";
import { mailLists, preparePostMail } from "./post-mail-data.server";
import {
  DELIVERIES_PER_JOB,
  type DeliverJob,
  finishIfDone,
  HARD_BOUNCE_LIMIT,
  MAX_ATTEMPTS,
  NEWSLETTER_DELIVER,
  UNSUBSCRIBED_SINCE,
  uuidArray,
} from "./send.server";
import { studioListName } from "./subscribe-limits";

// A `newsletter.deliver` job's work (docs/product.md#newsletter-sending): deliveries claimed under
// a lease, mailed at the process's pace, and marked sent, failed, queued again or skipped.

/** Paces the mails of one process: at most `perSecond`, spread evenly. */
export function createPacer(perSecond: number) {
  const gap = 1000 / perSecond;
  let next = 0;
  return async function pace() {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + gap;
    if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

/** A refusal of the SMTP server: permanent (5xx) or not (4xx, a connection that failed). */
export function isPermanent(error: unknown): boolean {
  const code = Number((error as { responseCode?: unknown })?.responseCode);
  return Number.isInteger(code) && code >= 500 && code < 600;
}

export type DeliverDeps = {
  db: Database;
  mailer: Mailer;
  keys: NewsletterKeys;
  logger: Logger;
  jobs: Pick<Jobs, "send">;
  pace: () => Promise<void>;
  /** How long a claimed delivery is this process's (seconds). */
  leaseSeconds: number;
  /** Mails sent at once by one job. */
  concurrency?: number;
};

type Claimed = {
  id: string;
  subscriber_id: string;
  list_id: string | null;
  message_id: string;
  attempts: number;
};

/**
 * One job's work: claims up to DELIVERIES_PER_JOB deliveries of a send (queued and due, or left
 * "sending" by a dead process past its lease) with FOR UPDATE SKIP LOCKED, mails each with its own
 * Message-ID and marks it sent, failed, queued again (a temporary refusal, with backoff) or skipped
 * (unsubscribed since). Answers what happened; `temporary` > 0 asks the caller to retry later.
 */
export async function deliverBatch(deps: DeliverDeps, sendId: string) {
  const { db } = deps;
  const result = { claimed: 0, sent: 0, failed: 0, skipped: 0, temporary: 0 };
  const [send] = await db.select().from(newsletterSends).where(eq(newsletterSends.id, sendId));
  if (send?.state !== "sending") return result;
  const post = await preparePostMail(db, deps.keys.siteUrl, send.newsId);
  // A post taken back (unpublished) waits: its deliveries stay queued until it is public again.
  if (!post?.public) return result;
  const claimed = await db.execute<Claimed>(sql`
    update newsletter_deliveries set state = 'sending', updated_at = ${SQL_NOW},
      lease_until = ${SQL_NOW} + make_interval(secs => ${deps.leaseSeconds})
    where id in (
      select id from newsletter_deliveries
      where send_id = ${sendId} and (
        (state = 'queued' and (not_before is null or not_before <= ${SQL_NOW}))
        or (state = 'sending' and lease_until < ${SQL_NOW}))
      limit ${DELIVERIES_PER_JOB}
      for update skip locked)
    returning id, subscriber_id, list_id, message_id, attempts`);
  result.claimed = claimed.rows.length;
  if (result.claimed === 0) {
    await resumeLater(deps, sendId);
    await finishIfDone(db, sendId);
    return result;
  }
  const ids = claimed.rows.map((row) => row.subscriber_id);
  // Who may still receive it: confirmed, not unsubscribed or bouncing, on one of the send's lists.
  const people = await db.execute<{
    id: string;
    email: string;
    eligible: boolean;
    hard_bounces: number;
  }>(sql`
    select s.id, s.email, s.hard_bounces,
      (s.confirmed_at is not null and s.unsubscribed_at is null and s.bouncing_at is null
        and exists (select 1 from subscriptions m where m.subscriber_id = s.id
          and m.list_id in (select jsonb_array_elements_text(${JSON.stringify(send.lists)}::jsonb)::uuid))) as eligible
    from subscribers s where s.id in (select unnest(${uuidArray(ids)}))`);
  const byId = new Map(people.rows.map((row) => [row.id, row]));
  const identity: MailIdentity = await deps.mailer.identity();
  const lists = await mailLists(db, post.prepared.studio.name);
  const fallbackList: MailList = {
    slug: "studio",
    name: studioListName(post.prepared.studio.name),
  };

  const one = async (row: Claimed) => {
    const person = byId.get(row.subscriber_id);
    if (!person?.eligible) {
      result.skipped++;
      await db.execute(sql`
        update newsletter_deliveries set state = 'skipped', last_error = ${UNSUBSCRIBED_SINCE},
          lease_until = null, updated_at = ${SQL_NOW} where id = ${row.id}`);
      return;
    }
    await deps.pace();
    try {
      await deps.mailer.send({
        to: person.email,
        sender: identity,
        ...postMail(post.prepared, {
          subscriberId: person.id,
          list: (row.list_id && lists.get(row.list_id)) || fallbackList,
          messageId: row.message_id,
          keys: deps.keys,
        }),
      });
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 500);
      const attempts = row.attempts + 1;
      if (isPermanent(error) || attempts >= MAX_ATTEMPTS) {
        result.failed++;
        await db.execute(sql`
          update newsletter_deliveries set state = 'failed', attempts = ${attempts},
            last_error = ${message}, lease_until = null, updated_at = ${SQL_NOW} where id = ${row.id}`);
        if (isPermanent(error))
          await db.execute(sql`
            update subscribers set hard_bounces = hard_bounces + 1,
              bouncing_at = case when hard_bounces + 1 >= ${HARD_BOUNCE_LIMIT} then coalesce(bouncing_at, ${SQL_NOW}) else bouncing_at end
            where id = ${person.id}`);
      } else {
        result.temporary++;
        // Again after 10 s, 20 s, 40 s…: the job's own retry comes back for it.
        await db.execute(sql`
          update newsletter_deliveries set state = 'queued', attempts = ${attempts},
            last_error = ${message}, lease_until = null, updated_at = ${SQL_NOW},
            not_before = ${SQL_NOW} + make_interval(secs => ${10 * 2 ** (attempts - 1)})
          where id = ${row.id}`);
      }
      deps.logger.warn({ err: error, delivery: row.id }, "newsletter: a delivery was refused");
      return;
    }
    result.sent++;
    await db.execute(sql`
      update newsletter_deliveries set state = 'sent', attempts = ${row.attempts + 1},
        sent_at = ${SQL_NOW}, lease_until = null, last_error = null, updated_at = ${SQL_NOW}
      where id = ${row.id} and state = 'sending'`);
    if (Number(person.hard_bounces) > 0)
      await db.execute(sql`update subscribers set hard_bounces = 0 where id = ${person.id}`);
  };

  // A few mails at once (the SMTP pool's connections), each claimed row by one of them.
  const queue = [...claimed.rows];
  const workers = Array.from(
    { length: Math.min(deps.concurrency ?? 4, queue.length) },
    async () => {
      for (let row = queue.shift(); row; row = queue.shift()) await one(row);
    },
  );
  await Promise.all(workers);
  await finishIfDone(db, sendId);
  return result;
}

/**
 * Nothing to take now, but deliveries held by others: a job for when the earliest lease or backoff
 * ends, so a dead process's deliveries are taken again without waiting for the sweep.
 */
async function resumeLater(deps: DeliverDeps, sendId: string) {
  const next = await deps.db.execute<{ at: string | null }>(sql`
    select min(case when state = 'sending' then lease_until else not_before end) as at
    from newsletter_deliveries where send_id = ${sendId} and state in ('queued', 'sending')`);
  const at = next.rows[0]?.at;
  if (!at) return;
  const data: DeliverJob = { sendId };
  await deps.jobs.send(NEWSLETTER_DELIVER, data, {
    startAfter: new Date(new Date(at).getTime() + 1000),
    singletonKey: `resume:${sendId}`,
  });
}
