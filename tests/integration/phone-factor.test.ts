import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import { saveSmsCountries } from "../../app/accounts/phone/sms-settings.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { phoneFactors, staffAuditLog, users } from "../../app/db/schema";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { exportAccountData } from "../../app/profiles/profiles.server";
import * as authRoute from "../../app/routes/auth";
import * as twoFactorRoute from "../../app/routes/auth-two-factor";
import * as profile from "../../app/routes/profile";
import { outcome, PASSWORD, postForm, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { mailsIn } from "../support/outbox";
import { said } from "../support/reply";
import { testContext } from "../support/runtime";
import {
  codeIn,
  type SmsStandIn,
  type TwilioReceived,
  twilioStandIn,
} from "../support/sms-stand-ins";
import { secretOf, totp } from "../support/totp";

// The phone factor end to end in process (docs/accounts-and-security.md#phone): adding a number
// and signing in with a code sent to a local stand-in of Twilio's Messages API; the resend limits,
// five wrong codes, an expired code, a replayed code, a code of another sign-in attempt, and a
// provider that answers 500.

const TWILIO = { accountSid: `AC${"1".repeat(32)}`, password: "twilio-auth-token-for-tests" };
/** A Swedish mobile number of its own for each test: the per-number limit never joins two. */
const numberOf = (n: number) => `+4670${String(1234500 + n).padStart(7, "0")}`;

type Reply = { result?: Record<string, unknown> };

describe.each(testEngines())("the phone factor on $name", (engine) => {
  let handle: DatabaseHandle;
  let twilio: SmsStandIn<TwilioReceived>;
  let context: AppContext;
  let n = 0;
  /** The current test's number (E.164). */
  let phone = numberOf(0);

  beforeAll(async () => {
    handle = await engine.open();
    twilio = await twilioStandIn(TWILIO);
    context = testContext(handle, {
      env: {
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.password,
        TWILIO_FROM: "+15005550006",
        TWILIO_API_URL: twilio.url,
      },
    });
    const owner = await signedInAs(context, "owner");
    await saveSmsCountries(handle.db, owner, ["DE", "SE"]);
  });
  afterAll(async () => {
    await twilio?.close();
    await handle?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
    setClockOffset(0);
  });

  /** A new address per account, so the per-address limit never joins two tests. */
  const fresh = () => {
    n += 1;
    phone = numberOf(n);
    return testContext(handle, {
      clientIp: `198.51.100.${n}`,
      env: {
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.password,
        TWILIO_FROM: "+15005550006",
        TWILIO_API_URL: twilio.url,
      },
    });
  };

  const lastCode = (to = phone) => {
    const message = twilio.received.filter((m) => m.to === to).at(-1);
    return message ? codeIn(message.body) : null;
  };

  async function addPhone(ctx: AppContext, cookie: string, number = phone) {
    const sent = await postForm(
      profile,
      ctx,
      "/profile",
      { intent: "add-phone", name: "Work phone", phone: number },
      cookie,
    );
    return {
      ...sent,
      challenge: (sent.body as Reply).result as
        | { challengeId: string; factorId: string }
        | undefined,
    };
  }

  async function enrolled(ctx: AppContext) {
    const user = await signedInAs(ctx, "guest");
    const { challenge } = await addPhone(ctx, user.cookie);
    const confirmed = await postForm(
      profile,
      ctx,
      "/profile",
      {
        intent: "confirm-phone",
        challengeId: challenge!.challengeId,
        code: lastCode()!,
      },
      user.cookie,
    );
    expect((confirmed.body as Reply).result).toMatchObject({ kind: "phone-enrolled" });
    return user;
  }

  /** The password step; its cookies are the sign-in attempt waiting for its second factor. */
  async function passwordStep(ctx: AppContext, email: string) {
    let cookies: string[] = [];
    const result = await outcome(async () => {
      try {
        return await authRoute.action({
          request: request("/auth", { form: { intent: "login", email, password: PASSWORD } }),
          context: ctx,
          params: {},
        } as never);
      } catch (thrown) {
        if (thrown instanceof Response) cookies = thrown.headers.getSetCookie();
        throw thrown;
      }
    });
    expect(result.location).toMatch(/^\/auth\/two-factor/);
    return cookies.map((c) => c.split(";")[0]).join("; ");
  }

  const twoFactor = (ctx: AppContext, cookie: string, form: Record<string, string>) =>
    postForm(twoFactorRoute, ctx, "/auth/two-factor", form, cookie);
  const textMe = (ctx: AppContext, cookie: string) =>
    twoFactor(ctx, cookie, { intent: "send-text" });
  const enter = (ctx: AppContext, cookie: string, code: string) =>
    twoFactor(ctx, cookie, { code, method: "phone" });

  it("adds a phone with a texted code: recovery codes once, the factor listed masked, the account mailed", async () => {
    const ctx = fresh();
    const user = await signedInAs(ctx, "guest");
    const { challenge, status } = await addPhone(ctx, user.cookie);
    expect(status).toBe(200);
    const message = twilio.received.at(-1)!;
    expect(message).toMatchObject({ to: phone, from: "+15005550006" });
    expect(message.body).toMatch(/^\d{6} is your .+ code\. It expires in 10 minutes\./);

    const confirmed = await postForm(
      profile,
      ctx,
      "/profile",
      {
        intent: "confirm-phone",
        challengeId: challenge!.challengeId,
        code: codeIn(message.body)!,
      },
      user.cookie,
    );
    const result = (confirmed.body as Reply).result as { backupCodes: string[] };
    expect(result.backupCodes).toHaveLength(10);

    const [row] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorEnabled).toBe(true);
    const page = await outcome(() =>
      profile.loader({
        request: request("/profile", { cookie: user.cookie }),
        context: ctx,
        params: {},
      } as never),
    );
    const factors = (
      page.body as {
        factors: { type: string; friendlyName: string; status: string; phone: string }[];
      }
    ).factors;
    expect(factors).toEqual([
      expect.objectContaining({
        type: "phone",
        friendlyName: "Work phone",
        status: "verified",
        phone: `+${"•".repeat(phone.length - 3)}${phone.slice(-2)}`,
      }),
    ]);
    const outbox = path.join(ctx.get(runtimeContext).env.DATA_DIR, "outbox");
    expect(mailsIn(outbox, user.email).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^A new phone for sign-in codes was added/),
    );
    // The audit log has the send, masked, and never the code.
    const lines = await handle.db
      .select()
      .from(staffAuditLog)
      .where(like(staffAuditLog.action, "sms.%"));
    const mine = lines.filter((line) => line.actorId === user.id);
    expect(mine.map((line) => line.action)).toEqual(["sms.sent"]);
    expect(JSON.stringify(mine)).not.toContain(phone);
    expect(JSON.stringify(mine)).not.toContain(codeIn(message.body)!);
  });

  it("signs in with a code texted for that sign-in; a replayed code and another attempt's code are refused", async () => {
    const ctx = fresh();
    const user = await enrolled(ctx);
    const laptop = await passwordStep(ctx, user.email);
    const mobile = await passwordStep(ctx, user.email);

    // 30 seconds after the enrolment's code.
    const start = Date.now() + 31_000;
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    expect(said((await textMe(ctx, laptop)).body).ok).toBe(true);
    const laptopCode = lastCode()!;
    // Another sign-in attempt cannot use the laptop's code, even with a code of its own waiting.
    vi.setSystemTime(start + 31_000);
    expect(said((await textMe(ctx, mobile)).body).ok).toBe(true);
    const phoneCode = lastCode()!;
    if (phoneCode !== laptopCode) {
      const crossed = await enter(ctx, mobile, laptopCode);
      expect(crossed.status).toBe(400);
      expect(said(crossed.body).formError).toBe(
        "That code is not right. Check the text message and try again.",
      );
    }

    const signedIn = await enter(ctx, laptop, laptopCode);
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/");
    // Replayed on the same attempt (its cookie is spent) or on another: refused.
    expect((await enter(ctx, laptop, laptopCode)).status).toBe(400);
    const [row] = await handle.db
      .select()
      .from(phoneFactors)
      .where(eq(phoneFactors.userId, user.id));
    expect(row?.lastUsedAt).not.toBeNull();
    expect((await enter(ctx, mobile, phoneCode)).status).toBe(302);
  });

  it("a phone-only account signs in with a recovery code, exports its number and takes it along when deleted", async () => {
    const ctx = fresh();
    const user = await signedInAs(ctx, "guest");
    const { challenge } = await addPhone(ctx, user.cookie);
    const confirmed = await postForm(
      profile,
      ctx,
      "/profile",
      { intent: "confirm-phone", challengeId: challenge!.challengeId, code: lastCode()! },
      user.cookie,
    );
    const { backupCodes } = (confirmed.body as Reply).result as { backupCodes: string[] };
    const attempt = await passwordStep(ctx, user.email);
    const recovered = await twoFactor(ctx, attempt, { code: backupCodes[0]! });
    expect(recovered.status).toBe(302);
    expect(recovered.location).toBe("/");

    const exported = await exportAccountData(handle.db, user.id);
    expect(exported?.phone).toMatchObject({ name: "Work phone", number: phone });
    const deleted = await postForm(
      profile,
      ctx,
      "/profile",
      { intent: "delete-account", password: PASSWORD },
      user.cookie,
    );
    expect(deleted.status).toBe(302);
    expect(
      await handle.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id)),
    ).toEqual([]);
  });

  it("an app added beside the phone is mailed; turning the app off keeps the phone, two-factor and its codes", async () => {
    const ctx = fresh();
    const user = await enrolled(ctx);
    const post = (form: Record<string, string>) =>
      postForm(profile, ctx, "/profile", form, user.cookie);
    const enabling = await post({ intent: "enable-2fa", password: PASSWORD });
    const { secretUri, backupCodes } = (enabling.body as Reply).result as {
      secretUri: string;
      backupCodes: string[];
    };
    expect((await post({ intent: "confirm-2fa", code: totp(secretOf(secretUri)) })).status).toBe(
      302,
    );
    const outbox = path.join(ctx.get(runtimeContext).env.DATA_DIR, "outbox");
    expect(mailsIn(outbox, user.email).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(/^A new authenticator app was added/),
    );
    expect((await post({ intent: "disable-2fa", password: PASSWORD })).status).toBe(302);
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorEnabled).toBe(true);
    const page = await outcome(() =>
      profile.loader({
        request: request("/profile", { cookie: user.cookie }),
        context: ctx,
        params: {},
      } as never),
    );
    expect((page.body as { factors: { type: string }[] }).factors.map((f) => f.type)).toEqual([
      "phone",
    ]);
    // The codes the app's enrolment showed still sign in.
    const attempt = await passwordStep(ctx, user.email);
    expect((await twoFactor(ctx, attempt, { code: backupCodes[0]! })).status).toBe(302);
  });

  it("waits 30 seconds between codes and sends at most 3 in 15 minutes; a refused resend leaves the code before it working", async () => {
    const ctx = fresh();
    const user = await enrolled(ctx);
    const attempt = await passwordStep(ctx, user.email);
    const start = Date.now() + 31_000;
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    expect(said((await textMe(ctx, attempt)).body).ok).toBe(true);
    const first = lastCode()!;
    const again = await textMe(ctx, attempt);
    expect(again.status).toBe(429);
    expect(said(again.body).formError).toMatch(
      /^Wait \d+ seconds? before asking for another code\.$/,
    );
    expect(lastCode()).toBe(first);

    // The enrolment's code was the first of the window: this is the second, then a third.
    vi.setSystemTime(start + 31_000);
    expect(said((await textMe(ctx, attempt)).body).ok).toBe(true);
    vi.setSystemTime(start + 62_000);
    const fourth = await textMe(ctx, attempt);
    expect(fourth.status).toBe(429);
    expect(said(fourth.body).formError).toMatch(
      /^Too many codes asked for\. Try again in \d+ minutes\.$/,
    );
    const code = lastCode()!;
    expect((await enter(ctx, attempt, code)).status).toBe(302);
  });

  it("five wrong codes spend the code; an expired code is refused", async () => {
    const ctx = fresh();
    const user = await enrolled(ctx);
    const attempt = await passwordStep(ctx, user.email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    await textMe(ctx, attempt);
    const code = lastCode()!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      const answer = await enter(ctx, attempt, wrong);
      expect(said(answer.body).formError).toBe(
        "That code is not right. Check the text message and try again.",
      );
    }
    const spent = await enter(ctx, attempt, code);
    expect(spent.status).toBe(400);
    expect(said(spent.body).formError).toBe("Too many wrong codes. Ask for a new code.");

    // A new code, entered after its 10 minutes: expired.
    vi.setSystemTime(Date.now() + 31_000);
    await textMe(ctx, attempt);
    const late = lastCode()!;
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    const expired = await enter(ctx, attempt, late);
    expect(expired.status).toBe(400);
  });

  it("an enrolment code expires after 10 minutes on the product's clock and allows five wrong tries", async () => {
    const ctx = fresh();
    const user = await signedInAs(ctx, "guest");
    const { challenge } = await addPhone(ctx, user.cookie);
    const code = lastCode()!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const confirm = (value: string) =>
      postForm(
        profile,
        ctx,
        "/profile",
        { intent: "confirm-phone", challengeId: challenge!.challengeId, code: value },
        user.cookie,
      );
    expect(said((await confirm(wrong)).body).errors?.code).toBe(
      "That code is not right. 4 tries left.",
    );
    setClockOffset(10 * 60_000 + 1000);
    expect(said((await confirm(code)).body).errors?.code).toBe(
      "This code has expired. Ask for a new code.",
    );
    setClockOffset(0);
    // Past its time the code was not spent, but it is no good either: a new one is asked for.
    const [row] = await handle.db
      .select()
      .from(phoneFactors)
      .where(eq(phoneFactors.userId, user.id));
    expect(row?.verifiedAt).toBeNull();
  });

  it("the plugin's own 'otp' method cannot turn two-factor on without a proven phone", async () => {
    const ctx = fresh();
    const user = await signedInAs(ctx, "guest");
    const { env } = ctx.get(runtimeContext);
    const answer = await ctx.get(authContext).handler(
      new Request(`${env.SITE_URL}/api/auth/two-factor/enable`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: env.SITE_URL, Cookie: user.cookie },
        body: JSON.stringify({ password: PASSWORD, method: "otp" }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { code: string }).code).toBe("PHONE_ADDED_IN_PROFILE");
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.twoFactorEnabled).toBe(false);
  });

  it("a provider answering 500 is told as 'try again later', and nothing is half added", async () => {
    const ctx = fresh();
    const user = await signedInAs(ctx, "guest");
    twilio.failNext(500);
    const refused = await addPhone(ctx, user.cookie);
    expect(refused.status).toBe(503);
    expect(said(refused.body).formError).toBe(
      "The text message could not be sent. Try again later.",
    );
    expect(
      await handle.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id)),
    ).toEqual([]);

    const phoneUser = await enrolled(ctx);
    const attempt = await passwordStep(ctx, phoneUser.email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000 });
    twilio.failNext(500);
    const failed = await textMe(ctx, attempt);
    expect(failed.status).toBe(503);
    expect(said(failed.body).formError).toBe(
      "The text message could not be sent. Try again later.",
    );
    const lines = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.actorId, phoneUser.id));
    expect(lines.map((line) => line.action)).toContain("sms.failed");
  });
});
