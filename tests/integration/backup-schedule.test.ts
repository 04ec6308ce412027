import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { listFiles } from "../../app/backup/files.server";
import { saveBackupSchedule, startBackupNow, sweepBackups } from "../../app/backup/index.server";
import { HEARTBEAT_MS, rowProgress, STALE_RUN } from "../../app/backup/runs.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { backupRuns } from "../../app/db/schema";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import { AppError } from "../../app/platform/errors/app-error";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as download from "../../app/routes/backup-download";
import { request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { readOutbox } from "../support/outbox";
import { testContext } from "../support/runtime";
import { openForSuite } from "../support/suite";

// The server's scheduled backups (docs/deployment.md#scheduled-backups) on each engine: a day's
// slot taken once by two runtimes sweeping one database, rotation, a failing destination told to
// the owner once, Back up now, a lost run, the progress row, and archives kept in the storage.

const DAY = 24 * 60 * 60 * 1000;
/** 03:00:30 UTC on a day far enough ahead that each test has its own days. */
let day = Date.UTC(2031, 0, 1, 3, 0, 30);

/** Moves the product's clock to `at`. */
const at = (when: number) => setClockOffset(when - Date.now());

describe.each(testEngines())("scheduled backups on $name", (engine) => {
  let handle: DatabaseHandle;
  let owner: { id: string; email: string; cookie: string };
  let base: AppContext;
  openForSuite(
    engine,
    async (opened) => {
      ({ handle, context: base } = opened);
      owner = await signedInAs(base, "owner");
    },
    60_000,
  );
  afterEach(() => setClockOffset(0));

  const runs = () => handle.db.select().from(backupRuns).orderBy(backupRuns.createdAt);
  const services = (context: AppContext) => context.get(runtimeContext);
  const mails = (...contexts: AppContext[]) =>
    contexts.flatMap((context) =>
      readOutbox(path.join(services(context).env.DATA_DIR, "outbox")).filter((mail) =>
        mail.subject.includes("backup"),
      ),
    );
  /** Two runtimes (processes) on the suite's database, sharing one backup folder. */
  function twoProcesses(env: Record<string, string> = {}) {
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-backups-"));
    const made = [0, 1].map(() => testContext(handle, { env: { BACKUP_DIR: backupDir, ...env } }));
    return { backupDir, a: made[0]!, b: made[1]! };
  }
  async function schedule(keep: number, destination: "folder" | "storage" = "folder") {
    await saveBackupSchedule(handle.db, owner, { enabled: true, time: "03:00", keep, destination });
  }
  beforeAll(async () => {
    await handle.db.delete(backupRuns);
  });

  it("takes a day's slot once across two processes, and none before its time", async () => {
    await handle.db.delete(backupRuns);
    await schedule(7);
    const { backupDir, a, b } = twoProcesses();
    day += 2 * DAY;
    at(day - 60_000);
    await Promise.all([sweepBackups(services(a)), sweepBackups(services(b))]);
    expect(await runs()).toEqual([]);
    at(day);
    await Promise.all([sweepBackups(services(a)), sweepBackups(services(b))]);
    await Promise.all([sweepBackups(services(a)), sweepBackups(services(b))]);
    const [run, ...more] = await runs();
    expect(more).toEqual([]);
    expect(run).toMatchObject({ slot: new Date(day).toISOString().slice(0, 10), state: "done" });
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(run!.location!)]);
    expect(run!.size).toBe(fs.statSync(run!.location!).size);
    // The progress the list showed, as it ended: every table and file done.
    const progress = run!.progress as Record<string, number>;
    expect(progress.tablesDone).toBe(progress.tablesTotal);
    expect(progress.tablesTotal).toBeGreaterThan(10);
  });

  it("keeps the newest N archives, deleting older ones with their rows", async () => {
    await handle.db.delete(backupRuns);
    await schedule(2);
    const { backupDir, a } = twoProcesses();
    for (let n = 0; n < 4; n++) {
      day += DAY;
      at(day);
      await sweepBackups(services(a));
    }
    const kept = await runs();
    expect(kept.map((run) => run.state)).toEqual(["done", "done"]);
    expect(kept.map((run) => run.slot)).toEqual(
      [day - DAY, day].map((when) => new Date(when).toISOString().slice(0, 10)),
    );
    expect(fs.readdirSync(backupDir).sort()).toEqual(
      kept.map((run) => path.basename(run.location!)).sort(),
    );
  });

  it("marks a failing destination's backup failed and mails the owner once", async () => {
    await handle.db.delete(backupRuns);
    await schedule(7);
    // The folder is a file: nothing can be written under it.
    const notAFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-")), "file");
    fs.writeFileSync(notAFolder, "x");
    const { a, b } = twoProcesses({ BACKUP_DIR: notAFolder });
    day += DAY;
    at(day);
    for (let n = 0; n < 3; n++)
      await Promise.all([sweepBackups(services(a)), sweepBackups(services(b))]);
    const [run, ...more] = await runs();
    expect(more).toEqual([]);
    expect(run).toMatchObject({ state: "failed" });
    expect(run!.error).toMatch(/ENOTDIR|EEXIST|not a directory/i);
    const sent = mails(a, b);
    expect(sent.map((mail) => mail.to)).toEqual([owner.email]);
    expect(sent[0]!.text).toContain(run!.error!);
    expect(sent[0]!.text).toContain("/admin/backups");
  });

  it("runs Back up now once, refusing a second while the first waits", async () => {
    await handle.db.delete(backupRuns);
    await saveBackupSchedule(handle.db, owner, {
      enabled: false,
      time: "03:00",
      keep: 7,
      destination: "folder",
    });
    const { a, b } = twoProcesses();
    const deps = { db: handle.db, jobs: services(a).jobs };
    await startBackupNow(deps, owner);
    await expect(startBackupNow(deps, owner)).rejects.toBeInstanceOf(AppError);
    await Promise.all([sweepBackups(services(a)), sweepBackups(services(b))]);
    const [run, ...more] = await runs();
    expect(more).toEqual([]);
    expect(run).toMatchObject({ state: "done", requestedBy: owner.id });
    expect(run!.slot).toMatch(/^manual-/);
  });

  it("fails a run whose process stopped, once, and tells the owner", async () => {
    await handle.db.delete(backupRuns);
    const { a, b } = twoProcesses();
    const [lost] = await handle.db
      .insert(backupRuns)
      .values({ slot: "manual-lost", state: "running", destination: "folder" })
      .returning();
    at(Date.now() + 6 * 60_000);
    await Promise.all([sweepBackups(services(a)), sweepBackups(services(b))]);
    await sweepBackups(services(a));
    const [row] = await handle.db.select().from(backupRuns).where(eq(backupRuns.id, lost!.id));
    expect(row).toMatchObject({ state: "failed", error: STALE_RUN });
    expect(mails(a, b).map((mail) => mail.to)).toEqual([owner.email]);
  });

  it("writes a running backup's progress at most once a second, and the last one", async () => {
    const [run] = await handle.db
      .insert(backupRuns)
      .values({ slot: `manual-progress-${Date.now()}`, state: "running", destination: "folder" })
      .returning();
    let now = 0;
    const progress = rowProgress(handle.db, run!.id, () => now);
    const state = (tablesDone: number) => ({
      phase: "Backing up",
      tablesDone,
      tablesTotal: 9,
      filesDone: 0,
      filesTotal: 0,
      bytesDone: tablesDone * 10,
      bytesTotal: 90,
    });
    now = 5000;
    progress.reporter.update(state(1));
    await progress.settled();
    const read = async () =>
      (await handle.db.select().from(backupRuns).where(eq(backupRuns.id, run!.id)))[0]!.progress;
    expect(await read()).toMatchObject({ tablesDone: 1 });
    now = 5500;
    progress.reporter.update(state(2));
    await progress.settled();
    expect(await read()).toMatchObject({ tablesDone: 1 });
    progress.reporter.done();
    await progress.settled();
    expect(await read()).toMatchObject({ tablesDone: 2, bytesDone: 20 });
    expect(HEARTBEAT_MS).toBeLessThan(5 * 60_000);
  });

  it("keeps archives in the storage under backups/, out of the next backup, and rotates them", async () => {
    await handle.db.delete(backupRuns);
    await schedule(1, "storage");
    const { a } = twoProcesses();
    const { storage } = services(a);
    await storage.put("kept/file.txt", Buffer.from("a stored file"), "text/plain");
    for (let n = 0; n < 2; n++) {
      day += DAY;
      at(day);
      await sweepBackups(services(a));
    }
    const [run, ...more] = await runs();
    expect(more).toEqual([]);
    expect(run).toMatchObject({ state: "done" });
    expect(run!.location).toMatch(/^backups\/studio-backup-.*\/studio-backup-.*\.zip$/);
    const stored: string[] = [];
    for await (const file of storage.list("backups")) stored.push(file.key);
    expect(stored).toEqual([run!.location]);
    expect((await listFiles(storage)).map((file) => file.key)).toEqual(["kept/file.txt"]);
    // The owner downloads it whole.
    const response = (await download.loader({
      request: request(`/admin/backups/${run!.id}/download`, { cookie: owner.cookie }),
      context: a,
      params: { id: run!.id },
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain(path.basename(run!.location!));
    expect((await response.arrayBuffer()).byteLength).toBe(run!.size);
  });
});
