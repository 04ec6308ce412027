import type { Database } from "~/db/database.server";
import { staffAuditLog } from "~/db/schema";

export type StaffAction = {
  actor: { id: string; email: string } | null;
  action: string;
  subjectType: string;
  subjectId?: string | null;
  details?: Record<string, unknown>;
};

/** Writes one staff action to the audit log; pass the transaction that made the change. */
export async function recordStaffAction(db: Database, entry: StaffAction): Promise<void> {
  await db.insert(staffAuditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    details: entry.details ?? {},
  });
}
