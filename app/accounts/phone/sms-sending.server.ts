import type { Database } from "~/db/database.server";
import { smsSettings } from "~/db/schema";
import { recordStaffAction } from "~/platform/audit/audit.server";
import { AppError } from "~/platform/errors/app-error";
import type { RateLimits, Verdict } from "~/platform/limits/rate-limit.server";
import type { Logger } from "~/platform/logging/logger.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import { ownerAddresses } from "~/roles/index.server";
import { judgeNumber } from "./phone-rules.server";
import { PHONE_CODE_MINUTES } from "./phone-schema";
import { maskPhone, SmsSendError, type SmsTransport } from "./sms-transport.server";

// Every text message the site sends goes through `sendCode` (docs/accounts-and-security.md#phone):
// the fraud limits first (per account, per number, per client address, the site's hourly ceiling),
// then the transport, and one line in the audit log for each send and each refusal, with the
// number masked and never the code.

export type SmsDeps = {
  db: Database;
  limits: RateLimits;
  /** null: no provider here, so phones are not offered. */
  sms: SmsTransport | null;
  logger: Logger;
  mailer: Mailer;
  siteUrl: string;
};

export type CodeText = {
  user: { id: string; email: string };
  /** E.164. */
  phone: string;
  code: string;
  /** What the code is for: the audit log tells them apart. */
  purpose: "enrol" | "sign-in" | "check";
  /** The client's address; absent for server calls, which no address limit counts. */
  ip: string | null;
  /** The phone factor, for the audit line. */
  factorId: string | null;
};

export const SMS_UNAVAILABLE = "Text messages are not available on this site.";
export const SMS_FAILED = "The text message could not be sent. Try again later.";
export const SMS_PAUSED =
  "Text messages are paused for a while on this site. Use another way to sign in, or try again later.";

/** The countries the owner lets the site text (none until chosen). */
export async function smsCountries(db: Database): Promise<string[]> {
  const [row] = await db.select({ countries: smsSettings.countries }).from(smsSettings);
  return row?.countries ?? [];
}

/** Whether phones are offered: a transport here, and at least one country chosen. */
export async function phonesOffered(deps: Pick<SmsDeps, "db" | "sms">): Promise<boolean> {
  return deps.sms !== null && (await smsCountries(deps.db)).length > 0;
}

function wait(verdict: Verdict): string {
  const seconds = verdict.retryAfterSeconds;
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

type Refusal = { reason: string; message: string; verdict: Verdict };

/** The limits in order; the first that refuses says why. Each ask counts, refused or not. */
async function refusal(deps: SmsDeps, text: CodeText): Promise<Refusal | null> {
  const { limits } = deps;
  // Judged again at every send: a country the owner has since removed gets no more codes.
  const judged = judgeNumber(text.phone, await smsCountries(deps.db));
  if (!judged.ok) {
    return {
      reason: judged.reason,
      message: judged.message,
      verdict: { allowed: false, remaining: 0, retryAfterSeconds: 0 },
    };
  }
  // 30 seconds between two codes of one flow: adding (or checking) the phone, or signing in. A
  // sign-in right after adding the phone asks no wait; the 15 minutes' count takes both.
  const flow = text.purpose === "sign-in" ? "sign-in" : "phone";
  const resend = await limits.smsResend.consume(`${text.user.id}:${flow}`);
  if (!resend.allowed) {
    return {
      reason: "resend-wait",
      message: `Wait ${wait(resend)} before asking for another code.`,
      verdict: resend,
    };
  }
  const account = await limits.smsPerAccount.consume(text.user.id);
  if (!account.allowed) {
    return {
      reason: "account-limit",
      message: `Too many codes asked for. Try again in ${wait(account)}.`,
      verdict: account,
    };
  }
  const number = await limits.smsPerNumber.consume(text.phone);
  if (!number.allowed) {
    return {
      reason: "number-limit",
      message: "This number has been sent too many codes today. Try again tomorrow.",
      verdict: number,
    };
  }
  if (text.ip) {
    const address = await limits.smsPerAddress.consume(text.ip);
    if (!address.allowed) {
      return {
        reason: "address-limit",
        message: `Too many codes asked for from your network. Try again in ${wait(address)}.`,
        verdict: address,
      };
    }
  }
  const site = await limits.smsHourly.consume("site");
  if (!site.allowed) {
    await warnOwners(deps, site);
    return { reason: "hourly-ceiling", message: SMS_PAUSED, verdict: site };
  }
  return null;
}

/** The first refusal of an hour's pause mails every owner; the rest of the hour mails no one. */
async function warnOwners(deps: SmsDeps, verdict: Verdict) {
  const first = await deps.limits.smsCeilingMails.consume("owners");
  if (!first.allowed) return;
  const owners = await ownerAddresses(deps.db);
  const { studioName } = await deps.mailer.identity();
  const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
  for (const email of owners) {
    await deps.mailer
      .send({
        to: email,
        subject: `Text messages are paused on ${studioName}`,
        text:
          `Your site reached its ceiling of text messages for the hour (SMS_HOURLY_LIMIT), so it ` +
          `sends no sign-in codes for about ${minutes} minute${minutes === 1 ? "" : "s"}.\n\n` +
          `A sudden run of codes is how SMS pumping fraud looks: bots asking codes for numbers ` +
          `that pay the fraudster per message. The audit log lists each text message and refusal ` +
          `(action sms.sent, sms.refused), with the numbers masked.\n\n` +
          `If the traffic is real, raise SMS_HOURLY_LIMIT. To stop codes to a country, remove it ` +
          `from the allowed countries in the admin's SMS tab:\n${deps.siteUrl}/admin/sms\n`,
      })
      .catch((error) => deps.logger.error({ err: error }, "SMS ceiling mail not sent"));
  }
}

async function audit(deps: SmsDeps, text: CodeText, action: string, details: object) {
  await recordStaffAction(deps.db, {
    actor: text.user,
    action,
    subjectType: "phone",
    subjectId: text.factorId,
    details: { to: maskPhone(text.phone), purpose: text.purpose, ...details },
  }).catch((error) => deps.logger.error({ err: error }, "SMS audit line not written"));
}

/**
 * Whether a code may be sent now: throws an AppError with the sentence the person is told (no
 * provider, 503; a limit, 429 with its wait), after the refusal's audit line. Each ask counts.
 */
export async function admitCode(deps: SmsDeps, text: CodeText): Promise<void> {
  if (!deps.sms) {
    await audit(deps, text, "sms.refused", { reason: "no-provider" });
    throw new AppError("unavailable", SMS_UNAVAILABLE);
  }
  const refused = await refusal(deps, text);
  if (refused) {
    await audit(deps, text, "sms.refused", { reason: refused.reason });
    if (refused.verdict.retryAfterSeconds === 0) {
      throw new AppError("invalid", refused.message, { fields: { phone: refused.message } });
    }
    throw new AppError("too_many", refused.message, {
      retryAfterSeconds: refused.verdict.retryAfterSeconds,
    });
  }
}

/** Sends an admitted code; a provider's refusal or silence is a 503 "try again later". */
export async function deliverCode(deps: SmsDeps, text: CodeText): Promise<void> {
  const transport = deps.sms;
  if (!transport) throw new AppError("unavailable", SMS_UNAVAILABLE);
  const { studioName } = await deps.mailer.identity();
  try {
    await transport.send({
      to: text.phone,
      body:
        `${text.code} is your ${studioName} code. It expires in ${PHONE_CODE_MINUTES} minutes. ` +
        `Never share it: ${studioName} staff will never ask for it.`,
    });
  } catch (error) {
    const status = error instanceof SmsSendError ? error.status : null;
    deps.logger.warn(
      { to: maskPhone(text.phone), transport: transport.name, status },
      "text message not sent",
    );
    await audit(deps, text, "sms.failed", { transport: transport.name, status });
    throw new AppError("unavailable", SMS_FAILED);
  }
  await audit(deps, text, "sms.sent", { transport: transport.name });
}

/** Admits and sends a code (adding a phone, the API's challenge). */
export async function sendCode(deps: SmsDeps, text: CodeText): Promise<void> {
  await admitCode(deps, text);
  await deliverCode(deps, text);
}
