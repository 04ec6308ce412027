import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiKey } from "../../app/accounts/api-keys.server";
import { CONFIRMATION_REQUIRED } from "../../app/accounts/confirmation";
import { passkeys, phoneFactors, sessions, twoFactors, users } from "../../app/db/schema";
import { runtimeContext } from "../../app/platform/server/context.server";
import { testEngines } from "../support/database";
import { expectError, openFactorsSuite } from "../support/factors-api";

// The caller's own sign-in factors through the REST API (docs/api.md#factors), called in-process
// with a Twilio stand-in receiving the codes (tests/support/factors-api.ts): a phone added,
// challenged and verified; the credentials and sessions that may write; the last factor kept; a
// failed send leaving nothing.

const MINUTE = 60_000;

describe.each(testEngines())("the factors API on $name", (engine) => {
  const { suite, account, ageSession, lastCode, enrol, addPhone, nextNumber } =
    openFactorsSuite(engine);
  const call: typeof suite.call = (...args) => suite.call(...args);

  /** A passkey as the passkey plugin stores it (the browser tests make real ones). */
  const addPasskey = (userId: string, id: string) =>
    suite.handle.db.insert(passkeys).values({
      id,
      name: "Laptop",
      userId,
      publicKey: "cHVibGlj",
      credentialID: `cred-${id}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      createdAt: new Date(),
    });

  it("adds a phone: the first code sent, a new one on challenge, verified with the code received", async () => {
    const user = await account();
    expect((await call("GET", "factors", { cookie: user.cookie })).body).toEqual({
      data: [],
      limit: 20,
      next: null,
    });

    const sent = suite.twilio.received.length;
    const added = await enrol(user.cookie, "+46 70 123 45 67", "Work phone");
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      id: expect.any(String),
      factor_type: "phone",
      friendly_name: "Work phone",
      status: "unverified",
      challenge: { id: expect.any(String), expires_at: expect.any(String) },
    });
    expect(suite.twilio.received.slice(sent).map((message) => message.to)).toEqual([
      "+46701234567",
    ]);
    const firstCode = lastCode();

    const listed = await call("GET", "factors", { cookie: user.cookie });
    expect(listed.body.data).toEqual([
      {
        id: added.body.id,
        factor_type: "phone",
        friendly_name: "Work phone",
        status: "unverified",
        created_at: expect.any(String),
        last_used_at: null,
        phone: "+•••••••••67",
      },
    ]);

    // The text messages' limits hold through the API: a new code waits 30 seconds.
    const early = await call("POST", `factors/${added.body.id}/challenge`, { cookie: user.cookie });
    expectError(early, 429, "rate_limited");
    await suite.context.get(runtimeContext).limits.smsResend.reset(`${user.id}:phone`);
    const challenged = await call("POST", `factors/${added.body.id}/challenge`, {
      cookie: user.cookie,
    });
    expect(challenged.status).toBe(200);
    expect(challenged.body).toEqual({
      id: expect.any(String),
      factor_id: added.body.id,
      expires_at: expect.any(String),
    });
    expect(challenged.body.id).not.toBe(added.body.challenge.id);
    const code = lastCode();

    // Neither the first challenge (replaced) nor one never made takes a code.
    const verify = (challengeId: string, withCode: string) =>
      call("POST", `factors/${added.body.id}/verify`, {
        cookie: user.cookie,
        body: { challenge_id: challengeId, code: withCode },
      });
    const expired = "This code has expired. Ask for a new code.";
    expectError(
      await verify(added.body.challenge.id, firstCode),
      400,
      "validation_failed",
      expired,
    );
    expectError(await verify(crypto.randomUUID(), code), 400, "validation_failed", expired);

    // Verifying confirms the session: signed in an hour ago, confirmed 9 minutes ago, now again.
    await ageSession(user.sessionId, 60 * MINUTE, 9 * MINUTE);
    const verified = await verify(challenged.body.id, code);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      factor: { id: added.body.id, factor_type: "phone", status: "verified" },
      expires_in: 600,
    });
    // The account's first factor: ten recovery codes, once.
    expect(verified.body.backup_codes).toHaveLength(10);
    const [session] = await suite.handle.db
      .select({ confirmedAt: sessions.confirmedAt })
      .from(sessions)
      .where(eq(sessions.id, user.sessionId));
    expect(Date.now() - session!.confirmedAt!.getTime()).toBeLessThan(MINUTE);
    const [row] = await suite.handle.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.on).toBe(true);

    // A verified phone checked again: its last use, and no new recovery codes.
    await suite.context.get(runtimeContext).limits.smsResend.reset(`${user.id}:phone`);
    const again = await call("POST", `factors/${added.body.id}/challenge`, { cookie: user.cookie });
    const checked = await verify(again.body.id, lastCode());
    expect(checked.status).toBe(200);
    expect(checked.body).not.toHaveProperty("backup_codes");
    expect(checked.body.factor.last_used_at).toEqual(expect.any(String));
  });

  it("refuses fields it does not take, an app or a passkey, and an issuer, sending nothing", async () => {
    const user = await account();
    const sent = suite.twilio.received.length;
    const body = { factor_type: "phone", friendly_name: "Phone", phone: nextNumber() };
    const post = (extra: object) =>
      call("POST", "factors", { cookie: user.cookie, body: { ...body, ...extra } });

    const unknown = await post({ secret: "x" });
    expectError(unknown, 400, "unknown_fields");
    expect(unknown.body.error.message).toMatch(/^Unknown field: secret\. This endpoint takes: /);
    const app = await post({ factor_type: "totp" });
    expectError(app, 400, "validation_failed");
    expect(app.body.error.message).toMatch(/^Authenticator apps are added in your profile/);
    const passkey = await post({ factor_type: "webauthn" });
    expect(passkey.body.error.message).toMatch(/^Passkeys are added in your profile/);
    const issuer = await post({ issuer: "Studio" });
    expectError(issuer, 400, "validation_failed");
    expect(issuer.body.error.fields).toEqual({ issuer: expect.stringMatching(/^issuer names/) });
    expectError(await post({ phone: "0701234567" }), 400, "validation_failed");

    const id = crypto.randomUUID();
    const credential = await call("POST", `factors/${id}/verify`, {
      cookie: user.cookie,
      body: { challenge_id: id, code: "123456", credential: {} },
    });
    expectError(credential, 400, "unknown_fields");

    expect(suite.twilio.received.length).toBe(sent);
    expect(
      await suite.handle.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id)),
    ).toEqual([]);
  });

  it("lets an account's own confirmed session write: no caller 401, a key or token 403, another's factor 404", async () => {
    const user = await account();
    const phoneId = await addPhone(user.cookie);
    const sent = suite.twilio.received.length;

    expectError(await call("GET", "factors"), 401, "unauthenticated");
    expectError(await enrol(""), 401, "unauthenticated");

    // An API key and its service token read the factors, and write none.
    const key = await createApiKey(suite.context, user, "Script");
    const token = (await call("POST", "auth/token", { headers: { "x-api-key": key } })).body;
    const credentials: Record<string, string>[] = [
      { "x-api-key": key },
      { Authorization: `Bearer ${token.access_token}` },
    ];
    for (const headers of credentials) {
      const listed = await call("GET", "factors", { headers });
      expect(listed.body.data.map((f: { id: string }) => f.id)).toEqual([phoneId]);
      const writes = [
        call("POST", "factors", {
          headers,
          body: { factor_type: "phone", friendly_name: "Mine now", phone: nextNumber() },
        }),
        call("POST", `factors/${phoneId}/challenge`, { headers }),
        call("POST", `factors/${phoneId}/verify`, {
          headers,
          body: { challenge_id: crypto.randomUUID(), code: "123456" },
        }),
        call("DELETE", `factors/${phoneId}`, { headers }),
      ];
      for (const answer of await Promise.all(writes))
        expectError(answer, 403, "confirmation_required", CONFIRMATION_REQUIRED);
    }

    // A session that signed in 11 minutes ago and never confirmed since writes nothing either.
    await ageSession(user.sessionId, 11 * MINUTE, null);
    expectError(await enrol(user.cookie), 403, "confirmation_required");
    expectError(
      await call("DELETE", `factors/${phoneId}`, { cookie: user.cookie }),
      403,
      "confirmation_required",
    );

    // Another account cannot see, challenge, verify or remove the phone.
    const other = await account();
    expect((await call("GET", "factors", { cookie: other.cookie })).body.data).toEqual([]);
    for (const [method, path] of [
      ["POST", `factors/${phoneId}/challenge`],
      ["DELETE", `factors/${phoneId}`],
      ["DELETE", "factors/not-an-id"],
    ] as const) {
      expectError(await call(method, path, { cookie: other.cookie }), 404, "not_found");
    }
    const stolen = await call("POST", `factors/${phoneId}/verify`, {
      cookie: other.cookie,
      body: { challenge_id: crypto.randomUUID(), code: "123456" },
    });
    expectError(stolen, 404, "not_found");
    expect(suite.twilio.received.length).toBe(sent);
    expect(
      (await call("GET", "factors", { headers: { "x-api-key": key } })).body.data,
    ).toHaveLength(1);
  });

  it("removes a phone or a passkey but never the last factor, nor the authenticator app", async () => {
    const user = await account();
    // A phone still being added is no factor yet: it goes.
    const waiting = await enrol(user.cookie);
    const gone = await call("DELETE", `factors/${waiting.body.id}`, { cookie: user.cookie });
    expect(gone.body).toEqual({ deleted: waiting.body.id });

    await suite.context.get(runtimeContext).limits.smsResend.reset(`${user.id}:phone`);
    const phoneId = await addPhone(user.cookie);
    const remove = (id: string) => call("DELETE", `factors/${id}`, { cookie: user.cookie });
    const last = "Remove your last sign-in factor in your profile, with your password.";
    expectError(await remove(phoneId), 409, "last_factor", last);

    await addPasskey(user.id, `pk-${user.id}`);
    // A passkey has no codes to send.
    expectError(
      await call("POST", `factors/pk-${user.id}/challenge`, { cookie: user.cookie }),
      404,
      "not_found",
    );
    expect((await remove(phoneId)).body).toEqual({ deleted: phoneId });
    const [row] = await suite.handle.db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.on).toBe(false);
    expectError(await remove(`pk-${user.id}`), 409, "last_factor", last);

    await suite.handle.db.insert(twoFactors).values({
      id: `app-${user.id}`,
      userId: user.id,
      secret: "sealed-secret",
      backupCodes: "sealed-codes",
      verified: true,
    });
    const app = await remove(`app-${user.id}`);
    expectError(
      app,
      400,
      "validation_failed",
      "The authenticator app is turned off in your profile, with your password.",
    );
    // With the app beside it, the passkey is no longer the last.
    expect((await remove(`pk-${user.id}`)).status).toBe(200);
    expect(
      await suite.handle.db
        .select({ id: twoFactors.id })
        .from(twoFactors)
        .where(and(eq(twoFactors.userId, user.id), eq(twoFactors.verified, true))),
    ).toHaveLength(1);
  });

  it("two removals at once cannot leave the account without a factor", async () => {
    const user = await account();
    await addPasskey(user.id, `pk-a-${user.id}`);
    await addPasskey(user.id, `pk-b-${user.id}`);
    const answers = await Promise.all(
      ["a", "b"].map((which) =>
        call("DELETE", `factors/pk-${which}-${user.id}`, { cookie: user.cookie }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(
      await suite.handle.db.select().from(passkeys).where(eq(passkeys.userId, user.id)),
    ).toHaveLength(1);
  });

  it("a provider that fails: 503, and no phone is left waiting", async () => {
    const user = await account();
    suite.twilio.failNext(500);
    const failed = await enrol(user.cookie);
    expectError(failed, 503, "unavailable", "The text message could not be sent. Try again later.");
    expect((await call("GET", "factors", { cookie: user.cookie })).body.data).toEqual([]);
    expect(
      await suite.handle.db.select().from(phoneFactors).where(eq(phoneFactors.userId, user.id)),
    ).toEqual([]);
  });
});
