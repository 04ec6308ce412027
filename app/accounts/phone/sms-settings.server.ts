import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { smsSettings } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { smsCountries } from "./sms-sending.server";

// The owner's choice of countries text messages may go to (docs/accounts-and-security.md#phone):
// one row, written here and audited. Phones already added elsewhere keep working for sign-in only
// if their country stays chosen: each new code is judged again when it is sent.

export async function saveSmsCountries(
  db: Database,
  actor: { id: string; email: string },
  countries: string[],
) {
  const before = await smsCountries(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(smsSettings)
      .values({ id: 1, countries, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: smsSettings.id,
        set: { countries, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    await recordStaffAction(tx, {
      actor,
      action: "sms.countries",
      subjectType: "settings",
      subjectId: "sms",
      details: { from: before, to: countries },
    });
  });
}
