import { desc, inArray } from "drizzle-orm";
import { staffAuditLog } from "~/db/schema";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { smsContext } from "./phone-context.server";
import {
  PHONE_CODES_PER_WINDOW,
  PHONE_CODES_WINDOW_MINUTES,
  PHONE_RESEND_SECONDS,
} from "./phone-schema";
import { smsCountries } from "./sms-sending.server";

// What the owner's "Text messages" tab shows (docs/accounts-and-security.md#phone): the provider
// codes go through, the countries they may go to, the fraud limits in force and the latest sends,
// failures and refusals from the audit log (numbers masked there already, never a code).

const SMS_ACTIONS = ["sms.sent", "sms.failed", "sms.refused"] as const;

export type SmsAuditLine = {
  id: string;
  at: string;
  /** sent, failed or refused. */
  outcome: string;
  /** Why it was refused (a limit, the number's kind or country), or the provider's status. */
  reason: string | null;
  /** The number, masked to its last two digits. */
  to: string | null;
  /** enrol, sign-in or check. */
  purpose: string | null;
};

export type SmsAdminView = {
  /** "Twilio (sender +1555…)", "outbox …"; null: no provider, phones are not offered. */
  provider: string | null;
  countries: { code: string; name: string }[];
  limits: {
    perAddressHourly: number;
    perNumberDaily: number;
    siteHourly: number;
    perAccount: { codes: number; minutes: number; resendSeconds: number };
  };
  lines: SmsAuditLine[];
};

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

function reasonOf(details: Record<string, unknown>): string | null {
  const reason = text(details.reason);
  if (reason) return reason;
  if (typeof details.status === "number") return `provider answered ${details.status}`;
  return details.transport === undefined ? null : "no answer from the provider";
}

/** A country's English name ("SE" → "Sweden"), or its code when the runtime has no name for it. */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export async function loadSmsAdmin(context: AppContext): Promise<SmsAdminView> {
  const { db, env } = context.get(runtimeContext);
  const transport = context.get(smsContext);
  const [countries, rows] = await Promise.all([
    smsCountries(db),
    db
      .select()
      .from(staffAuditLog)
      .where(inArray(staffAuditLog.action, [...SMS_ACTIONS]))
      .orderBy(desc(staffAuditLog.createdAt), desc(staffAuditLog.id))
      .limit(20),
  ]);
  return {
    provider: transport?.describe ?? null,
    countries: countries.map((code) => ({ code, name: countryName(code) })),
    limits: {
      perAddressHourly: env.SMS_ADDRESS_LIMIT,
      perNumberDaily: env.SMS_NUMBER_LIMIT,
      siteHourly: env.SMS_HOURLY_LIMIT,
      perAccount: {
        codes: PHONE_CODES_PER_WINDOW,
        minutes: PHONE_CODES_WINDOW_MINUTES,
        resendSeconds: PHONE_RESEND_SECONDS,
      },
    },
    lines: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      outcome: row.action.replace(/^sms\./, ""),
      // Sent lines name the transport only: no reason to show.
      reason: row.action === "sms.sent" ? null : reasonOf(row.details),
      to: text(row.details.to),
      purpose: text(row.details.purpose),
    })),
  };
}
