import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { saveSmsCountries } from "../../app/accounts/phone/sms-settings.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { sessions } from "../../app/db/schema";
import type { AppContext } from "../../app/platform/server/context.server";
import { signedInAs } from "./accounts";
import { type ApiAnswer, apiCaller } from "./api-call";
import type { TestEngine } from "./database";
import { testContext } from "./runtime";
import { codeIn, type SmsStandIn, type TwilioReceived, twilioStandIn } from "./sms-stand-ins";

// A suite of the factors API (docs/api.md#factors): a database, a site that texts through a
// Twilio stand-in to Sweden (allowed by its owner), and the steps the tests repeat.

const TWILIO = { accountSid: `AC${"0a".repeat(16)}`, password: "twilio-auth-token" };

export type FactorsSuite = {
  handle: DatabaseHandle;
  context: AppContext;
  twilio: SmsStandIn<TwilioReceived>;
  call: ReturnType<typeof apiCaller>;
};

/** Opens the suite before its tests and closes it after; its fields are set by then. */
export function openFactorsSuite(engine: TestEngine) {
  const suite = {} as FactorsSuite;
  beforeAll(async () => {
    suite.twilio = await twilioStandIn(TWILIO);
    suite.handle = await engine.open();
    suite.context = testContext(suite.handle, {
      env: {
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.password,
        TWILIO_FROM: "+15005550006",
        TWILIO_API_URL: suite.twilio.url,
      },
    });
    suite.call = apiCaller(suite.context);
    const owner = await signedInAs(suite.context, "owner");
    await saveSmsCountries(suite.handle.db, owner, ["SE"]);
  });
  afterAll(async () => {
    await suite.handle?.close();
    await suite.twilio?.close();
  });

  // Each test's numbers its own: a number may be sent SMS_NUMBER_LIMIT codes a day.
  let line = 10;
  const nextNumber = () => `+467012345${++line}`;
  const lastCode = () => codeIn(suite.twilio.received.at(-1)!.body)!;
  const enrol = (cookie: string, phone = nextNumber(), name = "Work phone") =>
    suite.call("POST", "factors", {
      cookie,
      body: { factor_type: "phone", friendly_name: name, phone },
    });

  return {
    suite,
    nextNumber,
    lastCode,
    enrol,

    /** A signed-in guest whose session signed in just now (so it counts as confirmed). */
    async account() {
      const user = await signedInAs(suite.context, "guest");
      const [session] = await suite.handle.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      return { ...user, sessionId: session!.id };
    },

    /** Moves the session's sign-in, and its confirmation (null: none), back by milliseconds. */
    ageSession: (sessionId: string, signedInAgo: number, confirmedAgo: number | null) =>
      suite.handle.db
        .update(sessions)
        .set({
          createdAt: new Date(Date.now() - signedInAgo),
          confirmedAt: confirmedAgo === null ? null : new Date(Date.now() - confirmedAgo),
        })
        .where(eq(sessions.id, sessionId)),

    /** A phone added and verified for the account: its factor id. */
    async addPhone(cookie: string) {
      const added = await enrol(cookie);
      expect(added.status).toBe(201);
      const verified = await suite.call("POST", `factors/${added.body.id}/verify`, {
        cookie,
        body: { challenge_id: added.body.challenge.id, code: lastCode() },
      });
      expect(verified.status).toBe(200);
      return added.body.id as string;
    },
  };
}

/** An API error answer: its status, its code and, when given, its message. */
export function expectError(answer: ApiAnswer, status: number, code: string, message?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error.code).toBe(code);
  if (message) expect(answer.body.error.message).toBe(message);
}
