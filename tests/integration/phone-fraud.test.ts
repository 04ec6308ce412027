import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneDeps } from "../../app/accounts/phone/phone-context.server";
import { SMS_PAUSED, sendCode } from "../../app/accounts/phone/sms-sending.server";
import { saveSmsCountries } from "../../app/accounts/phone/sms-settings.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { phoneFactors, staffAuditLog, users } from "../../app/db/schema";
import { isAppError } from "../../app/platform/errors/app-error";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as profile from "../../app/routes/profile";
import { postForm, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { mailsIn } from "../support/outbox";
import { said } from "../support/reply";
import { testContext } from "../support/runtime";
import { type SmsStandIn, type TwilioReceived, twilioStandIn } from "../support/sms-stand-ins";

// The phone factor's fraud limits (docs/accounts-and-security.md#phone), against a local stand-in
// of Twilio: numbers that pay per message and countries the owner did not choose are refused with a
// sentence, one address asking codes for many numbers stops at its limit, and the site's hourly
// ceiling pauses every text message and mails the owner once.

const TWILIO = { accountSid: `AC${"2".repeat(32)}`, password: "twilio-auth-token-for-fraud" };

describe.each(testEngines())("the phone factor's fraud limits on $name", (engine) => {
  let handle: DatabaseHandle;
  let twilio: SmsStandIn<TwilioReceived>;
  let owner: { id: string; email: string; cookie: string };

  const contextWith = (env: Record<string, string> = {}, clientIp = "192.0.2.10") =>
    testContext(handle, {
      clientIp,
      env: {
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.password,
        TWILIO_FROM: "+15005550006",
        TWILIO_API_URL: twilio.url,
        ...env,
      },
    });

  beforeAll(async () => {
    handle = await engine.open();
    twilio = await twilioStandIn(TWILIO);
    owner = await signedInAs(contextWith(), "owner");
    await saveSmsCountries(handle.db, owner, ["SE"]);
  });
  afterAll(async () => {
    await twilio?.close();
    await handle?.close();
  });

  /** Accounts written straight in (no password: they only need an id for the limits). */
  async function accounts(count: number, tag: string) {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `${tag}-${engine.name}-${i}`,
      name: `${tag} ${i}`,
      email: `${tag}-${i}-${engine.name}@fraud.test`,
      emailVerified: true,
    }));
    await handle.db.insert(users).values(rows);
    return rows.map(({ id, email }) => ({ id, email }));
  }

  it("refuses premium-rate numbers, landlines, unknown kinds and countries the owner did not choose, each with a sentence", async () => {
    const ctx = contextWith({}, "192.0.2.20");
    const user = await signedInAs(ctx, "guest");
    const add = (phone: string) =>
      postForm(
        profile,
        ctx,
        "/profile",
        { intent: "add-phone", name: "Phone", phone },
        user.cookie,
      );
    const cases: [string, string][] = [
      ["+44 909 879 0000", "Premium-rate and shared-cost numbers cannot receive sign-in codes."],
      ["+1 900 555 0100", "Premium-rate and shared-cost numbers cannot receive sign-in codes."],
      [
        "+44 20 7946 0000",
        "That is a landline number, which cannot receive text messages. Use a mobile number.",
      ],
      ["+882 351234567", "That is not a valid phone number."],
      ["+33 6 12 34 56 78", "Sign-in codes cannot be sent to numbers in France."],
      ["+49 1512 3456789", "Sign-in codes cannot be sent to numbers in Germany."],
    ];
    const before = twilio.received.length;
    for (const [phone, sentence] of cases) {
      const answer = await add(phone);
      expect(answer.status, phone).toBe(400);
      expect(said(answer.body).errors?.phone, phone).toBe(sentence);
    }
    expect(twilio.received.length).toBe(before);
    expect(
      await handle.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id)),
    ).toEqual([]);
  });

  it("stops 100 codes for 100 numbers from one address at the address's limit, each refusal audited", async () => {
    const ctx = contextWith({ SMS_ADDRESS_LIMIT: "10" });
    const deps = await phoneDeps(ctx);
    const people = await accounts(100, "pump");
    const before = twilio.received.length;
    const outcomes: string[] = [];
    for (const [i, user] of people.entries()) {
      const phone = `+4673${String(1000000 + i).padStart(7, "0")}`;
      try {
        await sendCode(deps, {
          user,
          phone,
          code: "424242",
          purpose: "enrol",
          ip: "203.0.113.99",
          factorId: null,
        });
        outcomes.push("sent");
      } catch (error) {
        if (!isAppError(error)) throw error;
        outcomes.push(error.message);
      }
    }
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(10);
    expect(outcomes.slice(0, 10).every((o) => o === "sent")).toBe(true);
    expect(outcomes[10]).toMatch(
      /^Too many codes asked for from your network\. Try again in \d+ minutes\.$/,
    );
    expect(twilio.received.length - before).toBe(10);
    const refusals = await handle.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, "sms.refused")));
    const pumped = refusals.filter((line) => line.actorId?.startsWith("pump-"));
    expect(pumped).toHaveLength(90);
    expect(pumped[0]?.details).toMatchObject({
      reason: "address-limit",
      to: expect.stringMatching(/^\+•+\d\d$/),
    });
  });

  it("pauses every text message at the hourly ceiling and mails each owner once", async () => {
    const ctx: AppContext = contextWith({ SMS_HOURLY_LIMIT: "5" });
    const deps = await phoneDeps(ctx);
    const people = await accounts(8, "ceiling");
    const before = twilio.received.length;
    const outcomes: string[] = [];
    for (const [i, user] of people.entries()) {
      try {
        await sendCode(deps, {
          user,
          phone: `+4676${String(2000000 + i).padStart(7, "0")}`,
          code: "515151",
          purpose: "sign-in",
          ip: `198.18.7.${i + 1}`,
          factorId: null,
        });
        outcomes.push("sent");
      } catch (error) {
        if (!isAppError(error)) throw error;
        outcomes.push(error.message);
      }
    }
    expect(outcomes).toEqual([
      "sent",
      "sent",
      "sent",
      "sent",
      "sent",
      SMS_PAUSED,
      SMS_PAUSED,
      SMS_PAUSED,
    ]);
    expect(twilio.received.length - before).toBe(5);
    const outbox = path.join(ctx.get(runtimeContext).env.DATA_DIR, "outbox");
    const warnings = mailsIn(outbox, owner.email).filter((mail) =>
      mail.subject.startsWith("Text messages are paused"),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.text).toContain("SMS_HOURLY_LIMIT");
  });
});
