import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { backupSchedule } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { wallClock } from "~/platform/dates/date-format";
import { type BackupSchedule, DEFAULT_KEEP } from "./backup-schema";

// The owner's schedule (one row; none yet: off, at 03:00, keeping 7, to the folder) and the day's
// slot it names in the studio's zone.

export const DEFAULT_SCHEDULE: BackupSchedule = {
  enabled: false,
  time: "03:00",
  keep: DEFAULT_KEEP,
  destination: "folder",
};

export async function readSchedule(db: Database): Promise<BackupSchedule> {
  const [row] = await db.select().from(backupSchedule);
  if (!row) return DEFAULT_SCHEDULE;
  return {
    enabled: row.enabled,
    time: row.time,
    keep: row.keep,
    destination: row.destination === "storage" ? "storage" : "folder",
  };
}

export async function saveSchedule(
  db: Database,
  actor: { id: string; email: string },
  schedule: BackupSchedule,
) {
  const before = await readSchedule(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(backupSchedule)
      .values({ id: 1, ...schedule, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: backupSchedule.id,
        set: { ...schedule, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    await recordStaffAction(tx, {
      actor,
      action: "backup.schedule",
      subjectType: "settings",
      subjectId: "backups",
      details: { from: before, to: schedule },
    });
  });
}

/**
 * The slot due at `now`: the studio zone's date once its wall clock has reached the chosen time
 * (a time a daylight-saving change skips is reached when the clock jumps past it), else null.
 */
export function dueSlot(schedule: BackupSchedule, now: Date, timeZone: string): string | null {
  if (!schedule.enabled) return null;
  const clock = wallClock(now, timeZone);
  const [hour, minute] = schedule.time.split(":").map(Number) as [number, number];
  if (clock.hour * 60 + clock.minute < hour * 60 + minute) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}`;
}
