import PgBoss from "pg-boss";
import type { EngineClient } from "~/db/database.server";
import { jobExecutor, JOB_SCHEMA as SCHEMA } from "~/db/job-queue.server";
import { realTime } from "~/platform/clock/clock.server";
import type { Logger } from "~/platform/logging/logger.server";

// The job queue (docs/architecture.md#jobs): pg-boss, kept in the database's own `pgboss` schema,
// on PostgreSQL and on the embedded database alike. A job is a row; a worker takes it with
// SELECT … FOR UPDATE SKIP LOCKED, so processes sharing one database never take the same job, and a
// job whose process died is retried once its time is up. Features declare their queues
// (`QueueDefinition`) and app/runtime/jobs.server.ts lists them; nothing else starts a worker.

/** A job as its handler receives it. */
export type Job<T> = { id: string; name: string; data: T };

export type QueueDefinition<T = never> = {
  /** The queue's name, `feature.what` (newsletter.deliver, announcements.sync). */
  name: string;
  /** Events (`Jobs.publish`) that put a job on this queue. */
  subscribe?: string[];
  /** A job on this queue at these times (cron, UTC, minute precision): a sweep that finds work. */
  cron?: string;
  /** Attempts after the first, the first wait in seconds, and whether waits double. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** How long a job may run before it counts as failed and is retried. */
  expireInSeconds?: number;
  /** Jobs handed to the handler at once. */
  batchSize?: number;
  /** How often an idle worker looks for due jobs (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Handles a batch; throwing fails the whole batch (each job retried as its options say). */
  handle(jobs: Job<T>[]): Promise<void>;
};

export type SendOptions = {
  /** Not before this time (the product's clock; the queue keeps the machine's). */
  startAfter?: Date;
  /** One job with this key waiting or running at a time in the queue (pg-boss's singletonKey). */
  singletonKey?: string;
};

export type Jobs = {
  /** Puts a job on a queue (defined or not yet: the row waits for its worker). */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * A job on every queue subscribed to this event (none: nothing happens). A nudge after a write
   * that is already committed: it never throws (a failure is logged), so followers must also find
   * their work on their own (a `cron` sweep).
   */
  publish(event: string, data: object, options?: SendOptions): Promise<void>;
  /** Creates the queues, their subscriptions and schedules; with `work`, starts their workers. */
  start(definitions: QueueDefinition<unknown>[], options: { work: boolean }): Promise<void>;
  /**
   * Runs what is due on one queue now, in this process, until nothing is left: tests and the CLI
   * use it instead of waiting for a worker's poll. Answers how many jobs ran.
   */
  drain(name: string): Promise<number>;
  /** Counts per state for one queue, for progress screens and tests. */
  counts(name: string): Promise<Record<string, number>>;
  /** Stops taking jobs and waits (a while) for running ones. */
  stop(): Promise<void>;
};

/** Errors of processes starting together on a new database, both making the same queue. */
const RACING = new Set(["40P01", "23505", "42P07", "42710"]);

/**
 * Creates a queue, or updates its options. Processes that start at the same time on a database
 * without the queue race to make it (pg-boss makes a table per queue): the loser sees a deadlock or
 * a duplicate, waits a moment and finds the queue made.
 */
async function ensureQueue(boss: PgBoss, name: string, queue: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
      else await boss.createQueue(name, queue);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (attempt >= 8 || !RACING.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export function createJobs(client: EngineClient, logger: Logger): Jobs {
  const boss = new PgBoss({
    db: jobExecutor(client) as PgBoss.Db,
    schema: SCHEMA,
    // The schema is the migrations' (installJobQueue); a process only checks it is there.
    migrate: false,
  });
  boss.on("error", (error) => logger.error({ err: error }, "job queue"));
  const handlers = new Map<string, QueueDefinition<unknown>>();
  let started = false;

  const sendOptions = (options: SendOptions = {}): PgBoss.SendOptions => ({
    ...(options.startAfter ? { startAfter: realTime(options.startAfter) } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
  });

  /** Whether a job of the queue waits that is due now (its start time not after the clock's). */
  const dueNow = async (name: string) => {
    const found = (await jobExecutor(client).executeSql(
      `select 1 from ${SCHEMA}.job where name = $1 and state < 'active' and start_after <= now() limit 1`,
      [name],
    )) as { rows: unknown[] };
    return found.rows.length > 0;
  };

  return {
    send: (name, data, options) => boss.send(name, data, sendOptions(options)),
    async publish(event, data, options) {
      try {
        await boss.publish(event, data, sendOptions(options));
      } catch (error) {
        logger.warn({ err: error, event }, "job queue: event not queued");
      }
    },
    async start(definitions, { work }) {
      await boss.start();
      started = true;
      for (const definition of definitions) {
        handlers.set(definition.name, definition);
        const queue = {
          name: definition.name,
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelay ?? 10,
          retryBackoff: definition.retryBackoff ?? true,
          expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        };
        await ensureQueue(boss, definition.name, queue);
        for (const event of definition.subscribe ?? [])
          await boss.subscribe(event, definition.name);
        if (definition.cron)
          await boss.schedule(definition.name, definition.cron, {}, { tz: "UTC" });
        if (!work) continue;
        await boss.work<unknown>(
          definition.name,
          {
            batchSize: definition.batchSize ?? 1,
            pollingIntervalSeconds: definition.pollingIntervalSeconds ?? 2,
          },
          (jobs) => definition.handle(jobs),
        );
      }
    },
    async drain(name) {
      const definition = handlers.get(name);
      if (!definition) throw new Error(`No queue named ${name} was started`);
      let ran = 0;
      let missed = 0;
      for (;;) {
        const jobs = await boss.fetch<unknown>(name, { batchSize: definition.batchSize ?? 1 });
        if (!jobs || jobs.length === 0) {
          // pg-boss takes a job once its start time is before the database's now. The embedded
          // database's clock counts milliseconds, so a job sent in the same millisecond as the
          // fetch was left, though due: wait for the next millisecond and ask again (a few times:
          // a job another process is taking at that moment is its to run).
          if (missed >= 3 || !(await dueNow(name))) return ran;
          missed++;
          await new Promise((resolve) => setTimeout(resolve, 1));
          continue;
        }
        missed = 0;
        const ids = jobs.map((job) => job.id);
        try {
          await definition.handle(jobs);
          await boss.complete(name, ids);
        } catch (error) {
          for (const id of ids) await boss.fail(name, id, { message: String(error) });
          throw error;
        }
        ran += jobs.length;
      }
    },
    async counts(name) {
      const rows = (await jobExecutor(client).executeSql(
        `select state, count(*)::int as count from ${SCHEMA}.job where name = $1 group by state`,
        [name],
      )) as { rows: { state: string; count: number }[] };
      return Object.fromEntries(rows.rows.map((row) => [row.state, row.count]));
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    },
  };
}
