import { z } from "~/platform/forms/zod";

// The owner's backup schedule form and what the Backups tab shows (docs/deployment.md#scheduled-backups).
// Universal: the form checks it in the browser, the server is the authority.

export const BACKUP_DESTINATIONS = ["folder", "storage"] as const;
export type BackupDestination = (typeof BACKUP_DESTINATIONS)[number];

export const DEFAULT_KEEP = 7;
export const MAX_KEEP = 90;

const KEEP_MESSAGE = `Keep between 1 and ${MAX_KEEP} backups`;

/** A checkbox posts "on" when ticked and nothing when not. */
const checkbox = z.preprocess((value) => value === true || value === "on", z.boolean());

export const BackupScheduleSchema = z.object({
  enabled: checkbox.default(false),
  time: z
    .string({ error: "Enter a time such as 03:00" })
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "Enter a time such as 03:00"),
  keep: z
    .string({ error: KEEP_MESSAGE })
    .trim()
    .regex(/^\d{1,2}$/, KEEP_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, KEEP_MESSAGE).max(MAX_KEEP, KEEP_MESSAGE)),
  destination: z.enum(BACKUP_DESTINATIONS, { error: "Choose where backups go" }),
});

export type BackupSchedule = z.output<typeof BackupScheduleSchema>;

/** "Back up now" has no fields of its own: anything but its intent is refused. */
export const BackupNowSchema = z.strictObject({ intent: z.literal("backup-now") });

export type BackupProgress = {
  phase: string;
  tablesDone: number;
  tablesTotal: number;
  filesDone: number;
  filesTotal: number;
  bytesDone: number;
  bytesTotal: number;
};

export type BackupRunView = {
  id: string;
  /** "scheduled" (a day's slot) or "manual" (Back up now). */
  kind: "scheduled" | "manual";
  state: "queued" | "running" | "done" | "failed";
  destination: BackupDestination;
  createdAt: string;
  finishedAt: string | null;
  size: number | null;
  error: string | null;
  progress: BackupProgress | null;
  /** The archive's file name (done ones can be downloaded). */
  name: string | null;
};

export type BackupsAdminView = {
  schedule: BackupSchedule;
  timeZone: string;
  /** Where "folder" and "storage" put archives, in words. */
  places: Record<BackupDestination, string>;
  runs: BackupRunView[];
  /** Embedded database: the server is the one that can back it up (the CLI cannot while it runs). */
  embedded: boolean;
};
