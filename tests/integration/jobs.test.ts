import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { addNews, deleteNews, updateNews } from "../../app/news/news-writes.server";
import { createJobs, type Job, type Jobs } from "../../app/platform/jobs/jobs.server";
import { createLogger } from "../../app/platform/logging/logger.server";
import type { AppContext } from "../../app/platform/server/context.server";
import { signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// The job queue on both engines: jobs kept in the database, taken once, retried, delayed, fanned out
// to the queues that follow an event; and the news writes publishing their changes to it.
describe.each(testEngines())("job queue on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });
  const logger = createLogger("silent");

  async function started(definitions: Parameters<Jobs["start"]>[0]) {
    const jobs = createJobs(handle, logger);
    await jobs.start(definitions, { work: false });
    return jobs;
  }

  it("runs each job once, on whichever of two processes drains first", async () => {
    const seen: number[] = [];
    const handle1 = async (batch: Job<{ n: number }>[]) => {
      for (const job of batch) seen.push(job.data.n);
    };
    const definition = { name: "test.once", batchSize: 3, handle: handle1 } as never;
    const [a, b] = [await started([definition]), await started([definition])];
    for (let n = 0; n < 20; n++) await a.send("test.once", { n });
    const [ranA, ranB] = await Promise.all([a.drain("test.once"), b.drain("test.once")]);
    expect(ranA + ranB).toBe(20);
    expect(seen.sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    expect(await a.counts("test.once")).toEqual({ completed: 20 });
    await Promise.all([a.stop(), b.stop()]);
  });

  it("lets two processes start the same new queues at once", async () => {
    const name = `test.race-${Date.now()}`;
    const definitions = [0, 1, 2].map((n) => ({
      name: `${name}-${n}`,
      cron: "* * * * *",
      handle: async () => {},
    }));
    const [a, b] = [createJobs(handle, logger), createJobs(handle, logger)];
    await Promise.all([
      a.start(definitions, { work: false }),
      b.start(definitions, { work: false }),
    ]);
    await a.send(`${name}-0`, {});
    expect(await b.drain(`${name}-0`)).toBe(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("runs a job sent the moment before: each drain right after its send runs it", async () => {
    // pg-boss takes a job once its start time is before the database's now; the embedded
    // database's clock counts milliseconds, so a job sent in the same millisecond was left behind.
    let ran = 0;
    const jobs = await started([
      {
        name: "test.at-once",
        handle: async (batch) => {
          ran += batch.length;
        },
      },
    ]);
    for (let n = 1; n <= 100; n++) {
      await jobs.send("test.at-once", { n });
      expect(await jobs.drain("test.at-once"), `send ${n}`).toBe(1);
    }
    expect(ran).toBe(100);
    await jobs.stop();
  });

  it("keeps a failed job for a retry, and a delayed one until its time", async () => {
    let attempts = 0;
    const jobs = await started([
      {
        name: "test.retry",
        retryLimit: 2,
        retryDelay: 0,
        retryBackoff: false,
        handle: async () => {
          attempts++;
          if (attempts === 1) throw new Error("temporary");
        },
      },
    ]);
    await jobs.send("test.retry", {});
    await expect(jobs.drain("test.retry")).rejects.toThrow("temporary");
    expect(await jobs.counts("test.retry")).toEqual({ retry: 1 });
    expect(await jobs.drain("test.retry")).toBe(1);
    expect(attempts).toBe(2);

    await jobs.send("test.retry", {}, { startAfter: new Date(Date.now() + 60_000) });
    expect(await jobs.drain("test.retry")).toBe(0);
    expect(await jobs.counts("test.retry")).toMatchObject({ created: 1 });
    await jobs.stop();
  });

  it("hands news.changed to every queue that follows it: now, and at a scheduled time", async () => {
    const followed: string[] = [];
    const follower = (name: string) => ({
      name,
      subscribe: ["news.changed"],
      handle: async (batch: Job<unknown>[]) => {
        for (const job of batch) followed.push(`${name}:${(job.data as { id: string }).id}`);
      },
    });
    const jobs = await started([follower("test.follow-a"), follower("test.follow-b")] as never);
    const staff = await signedInAs(context, "admin");
    const actor = { id: staff.id, email: staff.email };
    const studio = { timeZone: "UTC", jobs };
    const item = await addNews(
      handle.db,
      { title: "Launch", content: "Out now", state: "published" } as never,
      actor,
      studio,
    );
    expect(await jobs.drain("test.follow-a")).toBe(1);
    expect(await jobs.drain("test.follow-b")).toBe(1);
    expect(followed.sort()).toEqual([`test.follow-a:${item.id}`, `test.follow-b:${item.id}`]);

    // Scheduled: a nudge now and one at the time.
    const later = new Date(Date.now() + 3_600_000);
    const stamp = later.toISOString().slice(0, 16);
    await updateNews(
      handle.db,
      item.id,
      { title: "Launch", content: "Soon", state: "scheduled", publishAt: stamp } as never,
      actor,
      studio,
    );
    expect(await jobs.drain("test.follow-a")).toBe(1);
    const waiting = await jobs.counts("test.follow-a");
    expect(waiting.created).toBe(1);

    await deleteNews(handle.db, item.id, actor, studio);
    expect(await jobs.drain("test.follow-b")).toBe(2);
    await jobs.stop();
  });
});
