import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiKeyOwner } from "../../app/accounts/api-keys.server";
import { authContext } from "../../app/accounts/auth-context.server";
import { CONFIRMATION_REQUIRED } from "../../app/accounts/confirmation";
import type { DatabaseHandle } from "../../app/db/database.server";
import { apiKeys, passkeys, sessions } from "../../app/db/schema";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as profile from "../../app/routes/profile";
import { PLACEHOLDER_NAME } from "../../app/settings";
import { outcome, PASSWORD, postForm, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { mailsIn, outboxLinks } from "../support/outbox";
import { said } from "../support/reply";
import { openForSuite } from "../support/suite";
import { secretOf, totp } from "../support/totp";
import { FLAGS, softAuthenticator } from "../support/webauthn";

// A stolen session must not plant a credential that outlives the password change: adding an API
// key, a passkey or an authenticator app needs a sign-in or the password within 10 minutes; each
// new credential is mailed to the account; a reset revokes the API keys; the Security section
// lists what remains with when it was made and last used.

const ORIGIN = "http://localhost:3000";
const ELEVEN_MINUTES = 11 * 60 * 1000;

describe.each(testEngines())("credentials from a session on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  const post = (cookie: string, form: Record<string, string>) =>
    postForm(profile, context, "/profile", form, cookie);
  const call = (urlPath: string, cookie: string, body?: unknown) =>
    context.get(authContext).handler(
      new Request(`${ORIGIN}/api/auth${urlPath}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const mails = (to: string) =>
    mailsIn(path.join(context.get(runtimeContext).env.DATA_DIR, "outbox"), to);
  const keysOf = (userId: string) =>
    handle.db.select().from(apiKeys).where(eq(apiKeys.referenceId, userId));
  /** The session signed in eleven minutes ago (a cookie taken from the browser, say). */
  const age = (userId: string) =>
    handle.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - ELEVEN_MINUTES) })
      .where(eq(sessions.userId, userId));

  it("an older session makes an API key only with the password in the same form", async () => {
    const user = await signedInAs(context, "admin");
    await age(user.id);

    const bare = await post(user.cookie, { intent: "create-api-key", name: "Planted" });
    expect(bare.status).toBe(403);
    expect(said(bare.body).errors?.password).toBe(CONFIRMATION_REQUIRED);
    const wrong = await post(user.cookie, {
      intent: "create-api-key",
      name: "Planted",
      password: "not the password",
    });
    expect(wrong.status).toBe(400);
    expect(said(wrong.body).errors?.password).toBe("Invalid password");
    expect(await keysOf(user.id)).toEqual([]);

    const made = await post(user.cookie, {
      intent: "create-api-key",
      name: "Build server",
      password: PASSWORD,
    });
    expect(made.status).toBe(200);
    // Confirmed for the next minutes: the next key needs no password.
    expect((await post(user.cookie, { intent: "create-api-key", name: "Second" })).status).toBe(
      200,
    );
    expect((await keysOf(user.id)).map((k) => k.name).sort()).toEqual(["Build server", "Second"]);

    const told = mails(user.email).filter((m) => m.subject.startsWith("A new API key"));
    expect(told.map((m) => m.subject)).toEqual([
      `A new API key was added to your ${PLACEHOLDER_NAME} account`,
      `A new API key was added to your ${PLACEHOLDER_NAME} account`,
    ]);
    expect(told[0]?.text).toContain("“Build server”");
    expect(told[0]?.text).toContain(`${context.get(runtimeContext).env.SITE_URL}/profile#security`);
    expect(told[0]?.text).toContain("Revoke it in the API keys card");
  });

  it("an older session registers a passkey only after the password is entered again", async () => {
    const user = await signedInAs(context, "guest");
    await age(user.id);
    const refused = await call("/passkey/generate-register-options?name=Key", user.cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(CONFIRMATION_REQUIRED);

    const wrong = await call("/confirm-password", user.cookie, { password: "nope nope nope" });
    expect(wrong.status).toBe(400);
    const confirmed = await call("/confirm-password", user.cookie, { password: PASSWORD });
    expect(confirmed.status).toBe(200);

    const options = await call("/passkey/generate-register-options?name=Key", user.cookie);
    expect(options.status).toBe(200);
    const { challenge } = (await options.json()) as { challenge: string };
    const cookie = [
      user.cookie,
      ...options.headers.getSetCookie().map((c) => c.split(";")[0]),
    ].join("; ");
    const device = softAuthenticator();
    const response = device.attest({
      challenge,
      origin: ORIGIN,
      rpId: "localhost",
      flags: FLAGS.userPresent | FLAGS.userVerified,
    });
    const made = await call("/passkey/verify-registration", cookie, { response, name: "Laptop" });
    expect(made.status).toBe(200);
    expect(
      await handle.db.select().from(passkeys).where(eq(passkeys.userId, user.id)),
    ).toHaveLength(1);
    const told = mails(user.email).find((m) => m.subject.startsWith("A new passkey"));
    expect(told?.subject).toBe(`A new passkey was added to your ${PLACEHOLDER_NAME} account`);
    expect(told?.text).toContain("“Laptop”");
  });

  it("an older session cannot start linking a sign-in service without the password", async () => {
    const user = await signedInAs(context, "guest");
    await age(user.id);
    const refused = await post(user.cookie, { intent: "link-provider", provider: "google" });
    expect(refused.status).toBe(403);
    expect(said(refused.body).errors?.password).toBe(CONFIRMATION_REQUIRED);
  });

  it("turning on the authenticator app mails the account", async () => {
    const user = await signedInAs(context, "guest");
    const enrolled = await post(user.cookie, { intent: "enable-2fa", password: PASSWORD });
    const { secretUri } = (enrolled.body as { result: { secretUri: string } }).result;
    const confirmed = await post(user.cookie, {
      intent: "confirm-2fa",
      code: totp(secretOf(secretUri)),
    });
    expect(confirmed.status).toBe(302);
    expect(mails(user.email).map((m) => m.subject)).toContain(
      `A new authenticator app was added to your ${PLACEHOLDER_NAME} account`,
    );
  });

  it("a password reset revokes the account's API keys; the Security section lists what remains", async () => {
    const user = await signedInAs(context, "admin");
    const made = await post(user.cookie, { intent: "create-api-key", name: "Stolen" });
    const key = (made.body as { result: { key: string } }).result.key;
    expect(await apiKeyOwner(context, key)).toBe(user.id);

    // Changing the password (the owner is present) keeps the key, and sends them to the list.
    const changed = await post(user.cookie, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: "a second long password",
      confirmPassword: "a second long password",
    });
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/profile#security");
    expect(await apiKeyOwner(context, key)).toBe(user.id);

    await context.get(authContext).api.requestPasswordReset({
      body: { email: user.email, redirectTo: "/auth/reset-password" },
    });
    const link = outboxLinks(context, user.email).find((l) => l.includes("/reset-password/"));
    const token = new URL(link ?? ORIGIN).pathname.split("/").pop() ?? "";
    await context.get(authContext).api.resetPassword({
      body: { token, newPassword: "a third long password" },
    });
    expect(await keysOf(user.id)).toEqual([]);
    expect(await apiKeyOwner(context, key)).toBeNull();

    const signedIn = await signedInAs(context, "guest");
    const page = (await outcome(() =>
      profile.loader({
        request: request("/profile", { cookie: signedIn.cookie }),
        context,
        params: {},
      } as never),
    )) as { body: { confirmationNeeded: boolean; factors: { lastUsed: string | null }[] } };
    expect(page.body.confirmationNeeded).toBe(false);
    await age(signedIn.id);
    const later = (await outcome(() =>
      profile.loader({
        request: request("/profile", { cookie: signedIn.cookie }),
        context,
        params: {},
      } as never),
    )) as { body: { confirmationNeeded: boolean } };
    expect(later.body.confirmationNeeded).toBe(true);
  });
});
