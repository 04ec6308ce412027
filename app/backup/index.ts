// The backup feature's browser-safe face: what other folders may import.
export { BackupNowSchema, BackupScheduleSchema } from "./backup-schema";
export { BACKUP_NOW_INTENT, BACKUP_SCHEDULE_INTENT, BackupsAdminTab } from "./backups-tab";
