// The backup feature's server-only face: what other folders may import on the server.

export { loadBackupsAdmin, saveBackupSchedule, startBackupNow } from "./backups-admin.server";
export { createBackup, defaultArchivePath } from "./create-backup.server";
export { backupDownload } from "./download.server";
export { terminalProgress } from "./progress.server";
export { backupSummaryLine, restoreReport } from "./report.server";
export { restoreBackup } from "./restore-backup.server";
export { oldSecretsFromEnv, rotateSecret, rotationSummaryLine } from "./rotate-secret.server";
export { BACKUP_QUEUE, backupQueues, sweepBackups } from "./scheduled.server";
