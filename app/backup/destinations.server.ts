import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Storage } from "~/platform/storage/storage.server";
import type { BackupDestination } from "./backup-schema";
import { BACKUPS_PREFIX } from "./files.server";

// Where the server's backups go: a folder (BACKUP_DIR, else DATA_DIR/backups) or the uploads'
// store under backups/ (a bucket, or DATA_DIR/uploads/backups), never copied into a backup.

export type Places = { dataDir: string; backupDir?: string; storage: Storage };

export const backupFolder = (places: Places) =>
  path.resolve(places.backupDir ?? path.join(places.dataDir, "backups"));

/** Where each destination puts archives, in words for the Backups tab. */
export function describePlaces(places: Places): Record<BackupDestination, string> {
  return {
    folder: backupFolder(places),
    storage: `${places.storage.describe}, under ${BACKUPS_PREFIX}`,
  };
}

/** studio-backup-<UTC date and time>Z-<the run's first 8 characters>.zip */
export function archiveName(at: Date, id: string): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `studio-backup-${stamp}Z-${id.slice(0, 8)}.zip`;
}

/**
 * Where to write the archive, and how to put it in place: in the folder it is written where it
 * stays (under a temporary name until whole); for the storage it is written to the machine's
 * temporary folder, then uploaded and removed.
 */
export function archiveTarget(places: Places, destination: BackupDestination, name: string) {
  if (destination === "folder") {
    const file = path.join(backupFolder(places), name);
    return { out: file, location: file, async place() {} };
  }
  const out = path.join(os.tmpdir(), `studio-backup-upload-${process.pid}-${name}`);
  // A folder of its own: the stores delete by folder.
  const key = `${BACKUPS_PREFIX}${name.replace(/\.zip$/, "")}/${name}`;
  return {
    out,
    location: key,
    async place() {
      try {
        await places.storage.putStream(key, createReadStream(out), "application/zip");
      } finally {
        await fs.rm(out, { force: true });
      }
    },
  };
}

export async function removeArchive(
  places: Places,
  destination: BackupDestination,
  location: string,
) {
  if (destination === "folder") await fs.rm(location, { force: true });
  else if (location.startsWith(BACKUPS_PREFIX))
    await places.storage.delete(path.posix.dirname(location));
}

/** A kept archive's bytes as a stream, and its size; null when it is gone. */
export async function openArchive(
  places: Places,
  destination: BackupDestination,
  location: string,
): Promise<{ size: number; stream: Readable } | null> {
  if (destination === "storage") {
    const stat = await places.storage.stat(location);
    const stream = stat ? await places.storage.read(location) : null;
    return stat && stream ? { size: stat.size, stream } : null;
  }
  try {
    const stat = await fs.stat(location);
    return { size: stat.size, stream: createReadStream(location) };
  } catch {
    return null;
  }
}
