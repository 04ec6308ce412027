import { AppError } from "~/platform/errors/app-error";
import type { Jobs } from "~/platform/jobs/jobs.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { studioTimeZone } from "~/settings/index.server";
import type {
  BackupDestination,
  BackupProgress,
  BackupRunView,
  BackupSchedule,
  BackupsAdminView,
} from "./backup-schema";
import { describePlaces } from "./destinations.server";
import { type BackupRun, listRuns } from "./runs.server";
import { readSchedule, saveSchedule } from "./schedule.server";
import { queueBackup } from "./scheduled.server";

// What the owner's Backups tab shows and does (docs/deployment.md#scheduled-backups): the
// schedule, Back up now, and the list of backups with a running one's progress.

export const BACKUP_BUSY = "A backup is already waiting or running; it is in the list below.";

function view(run: BackupRun): BackupRunView {
  return {
    id: run.id,
    kind: run.slot.startsWith("manual-") ? "manual" : "scheduled",
    state: run.state as BackupRunView["state"],
    destination: run.destination as BackupDestination,
    createdAt: run.createdAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    size: run.size,
    error: run.error,
    progress: (run.progress as BackupProgress | null) ?? null,
    name: run.location?.split("/").at(-1) ?? null,
  };
}

export async function loadBackupsAdmin(context: AppContext): Promise<BackupsAdminView> {
  const { db, env, storage, database } = context.get(runtimeContext);
  const [schedule, timeZone, runs] = await Promise.all([
    readSchedule(db),
    studioTimeZone(db, env.STUDIO_TIME_ZONE),
    listRuns(db),
  ]);
  return {
    schedule,
    timeZone,
    places: describePlaces({ dataDir: env.DATA_DIR, backupDir: env.BACKUP_DIR, storage }),
    runs: runs.map(view),
    embedded: database.engine === "pglite",
  };
}

export function saveBackupSchedule(
  db: Parameters<typeof saveSchedule>[0],
  actor: { id: string; email: string },
  schedule: BackupSchedule,
) {
  return saveSchedule(db, actor, schedule);
}

/** Back up now; refused (409) while another backup waits or runs. */
export async function startBackupNow(
  deps: { db: Parameters<typeof saveSchedule>[0]; jobs: Jobs },
  actor: { id: string },
) {
  const run = await queueBackup(deps, actor);
  if (!run) throw new AppError("conflict", BACKUP_BUSY);
  return { id: run.id };
}
