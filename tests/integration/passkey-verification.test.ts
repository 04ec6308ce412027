import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { passkeys, sessions, twoFactors, users } from "../../app/db/schema";
import type { AppContext } from "../../app/platform/server/context.server";
import * as auth from "../../app/routes/auth";
import { outcome, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { openForSuite } from "../support/suite";
import { FLAGS, type SoftAuthenticator, softAuthenticator } from "../support/webauthn";

// A passkey is two factors (something held, and the PIN or fingerprint that unlocked it) only when
// the authenticator verified its user. A software authenticator reports exactly the flags each
// test asks for, as a security key that only senses a touch would.

const ORIGIN = "http://localhost:3000";
const RP_ID = "localhost";
const UP = FLAGS.userPresent;
const UP_UV = FLAGS.userPresent | FLAGS.userVerified;

/** The name=value pairs of a response's Set-Cookie headers, joined with the ones given. */
function withCookies(cookie: string, response: Response) {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const set of response.headers.getSetCookie()) {
    const pair = set.split(";")[0] ?? "";
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

describe.each(testEngines())("passkey user verification on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  const call = (path: string, cookie: string, body?: unknown) =>
    context.get(authContext).handler(
      new Request(`${ORIGIN}/api/auth${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { Origin: ORIGIN, Cookie: cookie, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );

  /** Registers the authenticator's passkey for the signed-in browser; the plugin's answer. */
  async function register(cookie: string, device: SoftAuthenticator, flags: number) {
    const options = await call("/passkey/generate-register-options?name=Key", cookie);
    expect(options.status).toBe(200);
    const { challenge, authenticatorSelection } = (await options.json()) as {
      challenge: string;
      authenticatorSelection: { userVerification: string };
    };
    const response = device.attest({ challenge, origin: ORIGIN, rpId: RP_ID, flags });
    const answer = await call("/passkey/verify-registration", withCookies(cookie, options), {
      response,
      name: "Key",
    });
    return { answer, asked: authenticatorSelection.userVerification };
  }

  /** Signs in at /auth with the authenticator's answer to a fresh challenge. */
  async function signIn(device: SoftAuthenticator, flags: number) {
    const options = await call("/passkey/generate-authenticate-options", "");
    const { challenge, userVerification } = (await options.json()) as {
      challenge: string;
      userVerification: string;
    };
    const response = device.assert({ challenge, origin: ORIGIN, rpId: RP_ID, flags });
    const answer = await outcome(() =>
      auth.action({
        request: request("/auth", {
          cookie: withCookies("", options),
          form: { intent: "passkey", redirectTo: "/", response: JSON.stringify(response) },
        }),
        context,
        params: {},
      } as never),
    );
    return { answer, asked: userVerification };
  }

  /** A user with a passkey registered from a signed-in session with user verification. */
  async function userWithPasskey() {
    const user = await signedInAs(context, "admin");
    const device = softAuthenticator();
    const { answer } = await register(user.cookie, device, UP_UV);
    expect(answer.status).toBe(200);
    await handle.db.delete(sessions).where(eq(sessions.userId, user.id));
    return { user, device };
  }

  const sessionsOf = async (userId: string) =>
    handle.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));

  it("asks the authenticator to verify its user when registering and when signing in", async () => {
    const user = await signedInAs(context, "guest");
    const { asked: atRegistration } = await register(user.cookie, softAuthenticator(), UP_UV);
    expect(atRegistration).toBe("required");
    const { asked: atSignIn } = await signIn(softAuthenticator(), UP_UV);
    expect(atSignIn).toBe("required");
  });

  it("refuses to register a passkey whose authenticator did not verify the user", async () => {
    const user = await signedInAs(context, "guest");
    const { answer } = await register(user.cookie, softAuthenticator(), UP);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(
      "This passkey did not check who is using it (no PIN, fingerprint or face). Use one that does.",
    );
    expect(
      await handle.db.select().from(passkeys).where(eq(passkeys.userId, user.id)),
    ).toHaveLength(0);
  });

  it("a user-present-only assertion does not sign in an account with an authenticator app", async () => {
    const { user, device } = await userWithPasskey();
    await handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    await handle.db
      .insert(twoFactors)
      .values({ id: `tf-${user.id}`, userId: user.id, secret: "s", backupCodes: "c" });

    const { answer } = await signIn(device, UP);
    expect(answer.status).toBe(401);
    expect(answer.location).toBeNull();
    expect(said(answer.body).formError).toBe(
      "This passkey did not check who is using it (no PIN, fingerprint or face). Use one that does, or sign in with your password.",
    );
    expect(await sessionsOf(user.id)).toEqual([]);
    const lastUsed = async () =>
      (
        await handle.db
          .select({ at: passkeys.lastUsedAt })
          .from(passkeys)
          .where(eq(passkeys.userId, user.id))
      )[0]?.at ?? null;
    expect(await lastUsed()).toBeNull();

    // The same passkey unlocked with the user's PIN or fingerprint is both factors.
    const verified = await signIn(device, UP_UV);
    expect(verified.answer.status).toBe(302);
    expect(verified.answer.location).toBe("/");
    expect(await sessionsOf(user.id)).toHaveLength(1);
    // The Security section shows when it was last used.
    expect(await lastUsed()).toBeInstanceOf(Date);
  });

  it("a user-present-only assertion signs in no account, with or without an authenticator app", async () => {
    const { user, device } = await userWithPasskey();
    const { answer } = await signIn(device, UP);
    expect(answer.status).toBe(401);
    expect(await sessionsOf(user.id)).toEqual([]);
    const [stored] = await handle.db
      .select({ counter: passkeys.counter })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    // The refused assertion moved nothing: the counter is still the registration's.
    expect(stored?.counter).toBe(1);
  });
});
