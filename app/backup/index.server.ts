// The backup feature's server-only face: what other folders may import on the server.

export { createBackup, defaultArchivePath } from "./create-backup.server";
export { terminalProgress } from "./progress.server";
export { backupSummaryLine, restoreReport } from "./report.server";
export { restoreBackup } from "./restore-backup.server";
