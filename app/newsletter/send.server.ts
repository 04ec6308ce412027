import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { newsletterSends } from "~/db/schema";
import { reachableGameIds } from "~/games/index.server";
import { LISTED_NEWS } from "~/news/index.server";
import { SQL_NOW } from "~/platform/clock/clock.server";
import type { Jobs } from "~/platform/jobs/jobs.server";
import { siteHost } from "~/platform/mail/mailer.server";
import { resolveLists } from "./newsletter.server";
import { STUDIO_LIST } from "./subscribe-limits";

// Sending a post (docs/product.md#newsletter-sending): staff choose lists with the post (the post's
// `mail_lists`, from the editor or the API); once the post is public and listed, its send is made
// from them (a `newsletter_sends` row) and starts: one delivery row per confirmed subscriber of any
// chosen list (unique per send and subscriber), then jobs on `newsletter.deliver` that claim
// deliveries under a lease, mail them and mark them sent. Every way a post is published (the admin,
// the API, its scheduled time, its game's announcement) reaches this same sweep.

export const NEWSLETTER_SEND = "newsletter.send";
export const NEWSLETTER_DELIVER = "newsletter.deliver";
/** Deliveries one job claims at a time. */
export const DELIVERIES_PER_JOB = 50;
/** Temporary refusals before a delivery counts as failed. */
export const MAX_ATTEMPTS = 5;
/** Permanent refusals in a row that mark an address bouncing. */
export const HARD_BOUNCE_LIMIT = 3;
/** The words of a delivery skipped because its subscriber left the lists after the send began. */
export const UNSUBSCRIBED_SINCE = "unsubscribed since";

export type DeliverJob = { sendId: string };

/** Ids as a uuid[] value (each a parameter). */
export const uuidArray = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`array[]::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`;

/**
 * Starts the sends whose post is public now (all, or this post's): their deliveries are made in one
 * statement (ON CONFLICT DO NOTHING: a second start adds nothing), the send marked sending, and a
 * job queued per DELIVERIES_PER_JOB. Then resumes sends with deliveries left to take (a lost job, a
 * dead process's expired lease) and closes finished ones. Safe to run at any time, from any process.
 */
export async function sweepSends(
  deps: { db: Database; jobs: Pick<Jobs, "send">; siteUrl: string },
  newsId?: string,
): Promise<{ started: number; resumed: number }> {
  const { db, jobs } = deps;
  const host = siteHost(deps.siteUrl);
  await makeSends(db, newsId);
  const due = await db.execute<{ id: string }>(sql`
    select s.id from newsletter_sends s join news on news.id = s.news_id
    where s.state = 'pending' and ${LISTED_NEWS}
    ${newsId ? sql`and s.news_id = ${newsId}` : sql``}`);
  let started = 0;
  for (const { id } of due.rows) {
    const made = await db.transaction(async (tx) => {
      const locked = await tx.execute<{ id: string; lists: string[] }>(sql`
        select id, lists from newsletter_sends where id = ${id} and state = 'pending'
        for update skip locked`);
      const send = locked.rows[0];
      if (!send) return null;
      const lists = send.lists;
      // Each subscriber once, named by the first chosen list they are on.
      const inserted = await tx.execute<{ count: number }>(sql`
        with added as (
          insert into newsletter_deliveries (send_id, subscriber_id, list_id, message_id)
          select distinct on (s.id) ${id}::uuid, s.id, m.list_id,
            '<nl.' || ${id}::text || '.' || s.id::text || '@' || ${host}::text || '>'
          from subscriptions m join subscribers s on s.id = m.subscriber_id
          where m.list_id = any(${uuidArray(lists)})
            and s.confirmed_at is not null and s.unsubscribed_at is null and s.bouncing_at is null
          order by s.id, array_position(${uuidArray(lists)}, m.list_id)
          on conflict do nothing
          returning 1
        )
        select count(*)::int as count from added`);
      const count = Number(inserted.rows[0]?.count ?? 0);
      await tx.execute(sql`
        update newsletter_sends set state = 'sending', started_at = ${SQL_NOW}, recipients = ${count}
        where id = ${id}`);
      return count;
    });
    if (made === null) continue;
    started++;
    await queueJobs(jobs, id, Math.ceil(made / DELIVERIES_PER_JOB));
  }
  // Sends with deliveries nobody holds: queued and due, or left "sending" past their lease.
  const open = await db.execute<{ id: string; takeable: number; held: number }>(sql`
    select s.id,
      count(d.id) filter (where (d.state = 'queued' and (d.not_before is null or d.not_before <= ${SQL_NOW}))
        or (d.state = 'sending' and d.lease_until < ${SQL_NOW}))::int as takeable,
      count(d.id) filter (where d.state in ('queued', 'sending'))::int as held
    from newsletter_sends s left join newsletter_deliveries d on d.send_id = s.id
    where s.state = 'sending'
    group by s.id`);
  let resumed = 0;
  for (const row of open.rows) {
    if (Number(row.held) === 0) {
      await finishIfDone(db, row.id);
    } else if (Number(row.takeable) > 0) {
      resumed++;
      await queueJobs(jobs, row.id, Math.ceil(Number(row.takeable) / DELIVERIES_PER_JOB));
    }
  }
  return { started, resumed };
}

/**
 * The sends of listed posts whose chosen lists have none yet (all, or this post's), made from the
 * lists as they stand: a game's list whose game guests can no longer open is left out.
 */
async function makeSends(db: Database, newsId?: string) {
  const wanting = await db.execute<{ id: string; mail_lists: string[] }>(sql`
    select news.id, news.mail_lists from news
    where cardinality(news.mail_lists) > 0 and ${LISTED_NEWS}
      and not exists (select 1 from newsletter_sends s where s.news_id = news.id)
      ${newsId ? sql`and news.id = ${newsId}` : sql``}`);
  for (const post of wanting.rows) {
    const lists = await openLists(db, post.mail_lists);
    if (lists.length === 0) continue;
    await db.insert(newsletterSends).values({ newsId: post.id, lists }).onConflictDoNothing();
  }
}

/** The chosen lists ("studio" or game ids) that can still be mailed, as list ids. */
async function openLists(db: Database, chosen: readonly string[]): Promise<string[]> {
  const reachable = await reachableGameIds(
    db,
    chosen.filter((list) => list !== STUDIO_LIST),
  );
  return resolveLists(
    db,
    chosen.filter((list) => list === STUDIO_LIST || reachable.has(list)),
  );
}

async function queueJobs(jobs: Pick<Jobs, "send">, sendId: string, count: number) {
  const data: DeliverJob = { sendId };
  for (let i = 0; i < count; i++) await jobs.send(NEWSLETTER_DELIVER, data);
}

/** A send with nothing left queued or being sent is done. */
export async function finishIfDone(db: Database, sendId: string) {
  await db.execute(sql`
    update newsletter_sends set state = 'done', finished_at = ${SQL_NOW}
    where id = ${sendId} and state = 'sending'
      and not exists (select 1 from newsletter_deliveries
        where send_id = ${sendId} and state in ('queued', 'sending'))`);
}
