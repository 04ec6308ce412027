import type { Job, QueueDefinition } from "~/platform/jobs/jobs.server";
import { type AnnouncementDeps, hasHooks, SYNC_QUEUE, sweep, syncPost } from "./sync.server";

// The announcements' queue (docs/architecture.md#jobs): a job per `news.changed` ({ id }) and a
// sweep each minute ({}), for what a lost nudge or a retry's time left behind.

export function announcementQueues(deps: AnnouncementDeps): QueueDefinition<{ id?: string }>[] {
  return [
    {
      name: SYNC_QUEUE,
      subscribe: ["news.changed"],
      cron: "* * * * *",
      // Delivery failures are the rows' own retries; a thrown error here is the database's.
      retryLimit: 5,
      retryDelay: 10,
      expireInSeconds: 5 * 60,
      batchSize: 5,
      async handle(jobs: Job<{ id?: string }>[]) {
        for (const job of jobs) {
          if (typeof job.data?.id === "string") await syncPost(deps, job.data.id);
          else if (await hasHooks(deps.db)) await sweep(deps);
        }
      },
    },
  ];
}
