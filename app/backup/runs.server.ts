import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { backupRuns } from "~/db/schema";
import { SQL_NOW } from "~/platform/clock/clock.server";

const now = () => sql`${SQL_NOW}`;

import type { BackupDestination } from "./backup-schema";
import type { ProgressReporter, ProgressState } from "./progress.server";

// The rows of the server's backups (docs/deployment.md#scheduled-backups): a slot claimed by one
// insert, its progress while it runs, its end, and the rotation that keeps the newest N archives.

export type BackupRun = typeof backupRuns.$inferSelect;

/** A running backup touches its row at least this often; one left longer lost its process. */
export const HEARTBEAT_MS = 30_000;
const STALE = "5 minutes";
export const STALE_RUN =
  "The process running this backup stopped before it finished; no archive was kept.";

/**
 * Takes a slot: the one insert that succeeds among processes sweeping at once. null when the slot
 * was already taken (by another process, or earlier).
 */
export async function claimSlot(
  db: Database,
  slot: string,
  values: { destination: BackupDestination; state: "queued" | "running"; requestedBy?: string },
): Promise<BackupRun | null> {
  const [row] = await db
    .insert(backupRuns)
    .values({
      slot,
      ...values,
      ...(values.state === "running" ? { startedAt: now(), updatedAt: now() } : {}),
      createdAt: now(),
    })
    .onConflictDoNothing({ target: backupRuns.slot })
    .returning();
  return row ?? null;
}

/** A queued run (Back up now) taken by one process; null when another took it first. */
export async function startQueued(db: Database, id: string): Promise<BackupRun | null> {
  const [row] = await db
    .update(backupRuns)
    .set({ state: "running", startedAt: now(), updatedAt: now() })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.state, "queued")))
    .returning();
  return row ?? null;
}

export async function queuedRuns(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(eq(backupRuns.state, "queued"))
    .orderBy(backupRuns.createdAt);
  return rows.map((row) => row.id);
}

/** Whether a backup is waiting or running (Back up now waits for it). */
export async function busy(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(inArray(backupRuns.state, ["queued", "running"]))
    .limit(1);
  return Boolean(row);
}

/**
 * The row's progress, written at most once a second and never awaited by the backup (on the
 * embedded database the backup's snapshot holds the one connection: the writes wait for it), and
 * a heartbeat between. `settled()` waits for the last write.
 */
export function rowProgress(db: Database, id: string, clock: () => number = Date.now) {
  let chain: Promise<unknown> = Promise.resolve();
  let last = 0;
  let latest: ProgressState | null = null;
  const write = (state: ProgressState | null) => {
    const set = state ? { progress: { ...state }, updatedAt: now() } : { updatedAt: now() };
    chain = chain
      .then(() => db.update(backupRuns).set(set).where(eq(backupRuns.id, id)))
      .catch(() => {});
  };
  const heartbeat = setInterval(() => write(latest), HEARTBEAT_MS);
  heartbeat.unref();
  const reporter: ProgressReporter = {
    update(state) {
      latest = { ...state };
      if (clock() - last < 1000) return;
      last = clock();
      write(latest);
    },
    done() {
      if (latest) write(latest);
    },
  };
  return {
    reporter,
    async settled() {
      clearInterval(heartbeat);
      await chain;
    },
  };
}

export async function finishRun(db: Database, id: string, location: string, size: number) {
  await db
    .update(backupRuns)
    .set({ state: "done", location, size, finishedAt: now(), updatedAt: now() })
    .where(eq(backupRuns.id, id));
}

export async function failRun(db: Database, id: string, error: string) {
  await db
    .update(backupRuns)
    .set({ state: "failed", error, finishedAt: now(), updatedAt: now() })
    .where(eq(backupRuns.id, id));
}

/** Running rows whose process stopped (a kill, a crash) end as failed; their slots stay taken. */
export async function failStaleRuns(db: Database): Promise<BackupRun[]> {
  return db
    .update(backupRuns)
    .set({ state: "failed", error: STALE_RUN, finishedAt: now() })
    .where(
      and(
        eq(backupRuns.state, "running"),
        lt(backupRuns.updatedAt, sql`${SQL_NOW} - interval '${sql.raw(STALE)}'`),
      ),
    )
    .returning();
}

/** The list the Backups tab shows, newest first. */
export const LISTED_RUNS = 30;

export async function listRuns(db: Database, limit = LISTED_RUNS): Promise<BackupRun[]> {
  return db
    .select()
    .from(backupRuns)
    .orderBy(desc(backupRuns.createdAt), desc(backupRuns.id))
    .limit(limit);
}

export async function findRun(db: Database, id: string): Promise<BackupRun | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await db.select().from(backupRuns).where(eq(backupRuns.id, id));
  return row ?? null;
}

/**
 * The done runs beyond the newest `keep` (their archives to delete, oldest last), and the other
 * rows beyond the list's length (failed ones, whose slots are long past).
 */
export async function beyondKeep(db: Database, keep: number) {
  const done = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.state, "done"))
    .orderBy(desc(backupRuns.finishedAt), desc(backupRuns.id))
    .offset(keep);
  const old = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(eq(backupRuns.state, "failed"))
    .orderBy(desc(backupRuns.createdAt), desc(backupRuns.id))
    .offset(LISTED_RUNS);
  return { done, failed: old.map((row) => row.id) };
}

export async function deleteRuns(db: Database, ids: string[]) {
  if (ids.length > 0) await db.delete(backupRuns).where(inArray(backupRuns.id, ids));
}
