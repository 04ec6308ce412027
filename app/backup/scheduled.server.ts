import type { Database, EngineDatabase } from "~/db/database.server";
import { clockNow } from "~/platform/clock/clock.server";
import type { Env } from "~/platform/config/env.server";
import type { Job, Jobs, QueueDefinition } from "~/platform/jobs/jobs.server";
import type { Logger } from "~/platform/logging/logger.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import type { Storage } from "~/platform/storage/storage.server";
import { ownerAddresses } from "~/roles/index.server";
import { studioTimeZone } from "~/settings/index.server";
import type { BackupDestination } from "./backup-schema";
import { createBackup } from "./create-backup.server";
import { archiveName, archiveTarget, type Places, removeArchive } from "./destinations.server";
import {
  type BackupRun,
  beyondKeep,
  busy,
  claimSlot,
  deleteRuns,
  failRun,
  failStaleRuns,
  finishRun,
  queuedRuns,
  rowProgress,
  startQueued,
} from "./runs.server";
import { dueSlot, readSchedule } from "./schedule.server";

// The server's backups (docs/deployment.md#scheduled-backups): a sweep each minute on every
// process takes the day's slot once its time has come (one insert wins among processes), and any
// backup an owner asked for; each runs, rotation keeps the newest N, and a failure mails the owners.

export const BACKUP_QUEUE = "backup.run";

export type BackupDeps = {
  db: Database;
  database: EngineDatabase;
  env: Env;
  storage: Storage;
  mailer: Mailer;
  logger: Logger;
  /** drizzle/ of this release: a compiled server's own (the sources' by default). */
  migrationsFolder?: string;
};

const placesOf = (deps: BackupDeps): Places => ({
  dataDir: deps.env.DATA_DIR,
  backupDir: deps.env.BACKUP_DIR,
  storage: deps.storage,
});

/** One sentence for the list and the mail: the error's own message, on one line. */
function sentence(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500) || "The backup failed.";
}

async function mailOwners(deps: BackupDeps, run: BackupRun, error: string) {
  const { studioName } = await deps.mailer.identity();
  for (const to of await ownerAddresses(deps.db)) {
    await deps.mailer
      .send({
        to,
        subject: `A backup of ${studioName} failed`,
        text:
          `The backup ${run.slot.startsWith("manual-") ? "asked for from the admin" : `scheduled for ${run.slot}`} ` +
          `failed, and no archive was kept:\n\n${error}\n\n` +
          `The Backups tab lists each backup and its result:\n${deps.env.SITE_URL}/admin/backups\n`,
      })
      .catch((err) => deps.logger.error({ err }, "backup failure mail not sent"));
  }
}

/** Deletes the archives beyond the newest `keep` (their rows with them), oldest first. */
export async function rotate(deps: BackupDeps, keep: number): Promise<number> {
  const { done, failed } = await beyondKeep(deps.db, keep);
  const removed: string[] = [];
  for (const run of done.reverse()) {
    try {
      if (run.location)
        await removeArchive(placesOf(deps), run.destination as BackupDestination, run.location);
      removed.push(run.id);
    } catch (error) {
      deps.logger.error({ err: error, run: run.id }, "old backup not deleted");
    }
  }
  await deleteRuns(deps.db, [...removed, ...failed]);
  return removed.length;
}

/** Runs a claimed backup to its end: done and rotated, or failed and the owners told. */
export async function runBackup(deps: BackupDeps, run: BackupRun, keep: number): Promise<void> {
  const destination = run.destination as BackupDestination;
  const target = archiveTarget(placesOf(deps), destination, archiveName(clockNow(), run.id));
  const progress = rowProgress(deps.db, run.id);
  try {
    const summary = await createBackup(
      { database: deps.database, storage: deps.storage, env: deps.env },
      { out: target.out, progress: progress.reporter, migrationsFolder: deps.migrationsFolder },
    );
    await target.place();
    await progress.settled();
    await finishRun(deps.db, run.id, target.location, summary.archiveBytes);
    deps.logger.info({ run: run.id, bytes: summary.archiveBytes }, "backup done");
  } catch (error) {
    await progress.settled();
    const text = sentence(error);
    deps.logger.error({ err: error, run: run.id }, "backup failed");
    await failRun(deps.db, run.id, text);
    await mailOwners(deps, run, text);
    return;
  }
  await rotate(deps, keep);
}

/**
 * What each minute's job does: marks as failed the runs whose process stopped, runs what an owner
 * queued, then the day's slot when its time has come and no process has taken it.
 */
export async function sweepBackups(deps: BackupDeps): Promise<void> {
  for (const run of await failStaleRuns(deps.db)) await mailOwners(deps, run, run.error ?? "");
  const schedule = await readSchedule(deps.db);
  for (const id of await queuedRuns(deps.db)) {
    const run = await startQueued(deps.db, id);
    if (run) await runBackup(deps, run, schedule.keep);
  }
  const timeZone = await studioTimeZone(deps.db, deps.env.STUDIO_TIME_ZONE);
  const slot = dueSlot(schedule, clockNow(), timeZone);
  if (!slot) return;
  const run = await claimSlot(deps.db, slot, {
    destination: schedule.destination,
    state: "running",
  });
  if (run) await runBackup(deps, run, schedule.keep);
}

/** Back up now: a queued run the next job takes; refused while another waits or runs. */
export async function queueBackup(
  deps: { db: Database; jobs: Jobs },
  actor: { id: string },
): Promise<BackupRun | null> {
  if (await busy(deps.db)) return null;
  const schedule = await readSchedule(deps.db);
  const run = await claimSlot(deps.db, `manual-${clockNow().toISOString()}`, {
    destination: schedule.destination,
    state: "queued",
    requestedBy: actor.id,
  });
  if (run) await deps.jobs.send(BACKUP_QUEUE, {});
  return run;
}

export function backupQueues(deps: BackupDeps): QueueDefinition<object>[] {
  return [
    {
      name: BACKUP_QUEUE,
      cron: "* * * * *",
      // A lost run is found by its still row, not retried: its slot stays taken.
      retryLimit: 0,
      // A backup of a large site takes a while; its heartbeat, not this, tells it is alive.
      expireInSeconds: 6 * 60 * 60,
      async handle(_jobs: Job<object>[]) {
        await sweepBackups(deps);
      },
    },
  ];
}
