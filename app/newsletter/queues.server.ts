import { NEWS_CHANGED, type NewsChanged } from "~/news/index.server";
import type { QueueDefinition } from "~/platform/jobs/jobs.server";
import type { Services } from "~/platform/server/context.server";
import { createPacer, deliverBatch } from "./deliver.server";
import {
  DELIVERIES_PER_JOB,
  type DeliverJob,
  NEWSLETTER_DELIVER,
  NEWSLETTER_SEND,
  sweepSends,
} from "./send.server";

// The newsletter's queues (docs/architecture.md#jobs): `newsletter.send` follows `news.changed`
// and sweeps each minute (starts the sends of posts now public, resumes what a lost job or a dead
// process left); `newsletter.deliver` mails a batch of one send's deliveries.

/** The queues, bound to a process's services; the mails of one process paced at NEWSLETTER_RATE. */
export function newsletterQueues(
  services: Pick<Services, "db" | "env" | "jobs" | "logger" | "mailer">,
): QueueDefinition<unknown>[] {
  const { db, env, jobs, logger, mailer } = services;
  const rate = env.NEWSLETTER_RATE;
  const pace = createPacer(rate);
  const keys = { secret: env.AUTH_SECRET, siteUrl: env.SITE_URL };
  // Three times what a batch takes at the rate, and at least 30 s: a live process is not overtaken
  // (unless its SMTP server stalls longer); a dead one's deliveries are taken again once it passed.
  const leaseSeconds = Math.max(30, Math.ceil((3 * DELIVERIES_PER_JOB) / rate));
  const send: QueueDefinition<NewsChanged | Record<string, never>> = {
    name: NEWSLETTER_SEND,
    subscribe: [NEWS_CHANGED],
    cron: "* * * * *",
    retryLimit: 3,
    retryDelay: 10,
    pollingIntervalSeconds: 1,
    async handle(batch) {
      for (const job of batch) {
        const newsId = "id" in job.data ? job.data.id : undefined;
        await sweepSends({ db, jobs, siteUrl: env.SITE_URL }, newsId);
      }
    },
  };
  const deliver: QueueDefinition<DeliverJob> = {
    name: NEWSLETTER_DELIVER,
    // A temporary refusal fails the job after its batch: the retry comes back for the deliveries
    // queued again once their backoff has passed.
    retryLimit: 8,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: leaseSeconds * 2,
    pollingIntervalSeconds: 0.5,
    async handle(batch) {
      for (const job of batch) {
        const result = await deliverBatch(
          { db, mailer, keys, logger, jobs, pace, leaseSeconds },
          job.data.sendId,
        );
        if (result.temporary > 0)
          throw new Error(`${result.temporary} deliveries refused for now: retried later`);
      }
    },
  };
  return [send, deliver] as QueueDefinition<unknown>[];
}
