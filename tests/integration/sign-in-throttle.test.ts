import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "../../app/accounts/accounts.server";
import { CLIENT_IP_HEADER } from "../../app/accounts/auth.server";
import { authContext } from "../../app/accounts/auth-context.server";
import { type DatabaseHandle, openDatabase } from "../../app/db/database.server";
import { migrate } from "../../app/db/migrate.server";
import type { LimitStore } from "../../app/platform/limits/rate-limit.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as authRoute from "../../app/routes/auth";
import * as forgotRoute from "../../app/routes/auth-forgot-password";
import * as twoFactorRoute from "../../app/routes/auth-two-factor";
import { outcome, PASSWORD, request } from "../support/accounts";
import { createDatabase, testEngines } from "../support/database";
import { said } from "../support/reply";
import { testContext } from "../support/runtime";
import { secretOf, totp } from "../support/totp";
import { uniqueEmail } from "../support/users";

// Sign-in throttling as identity providers do it: failures count per account and
// per (account, address), failed attempts per address under a loose ceiling (successes spend none
// of it), a lock ends by time and says how long, and a TOTP code is accepted once.

const LOCKED = "Too many failed sign-in attempts. Try again in 15 minutes.";
const INVALID = "Invalid email or password";

let ipCounter = 0;
/** A new documentation-range address for every caller, so tests never share a budget by accident. */
const newAddress = () => {
  const n = ++ipCounter;
  return `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

function formErrorOf(result: { body: unknown }): string | undefined {
  return said(result.body).formError;
}

/** Browser-like client of the auth library's own endpoints, with a cookie jar. */
class AuthClient {
  cookies = new Map<string, string>();
  constructor(
    readonly context: AppContext,
    readonly ip: string,
  ) {}

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async post(path: string, body: Record<string, unknown>) {
    const { env } = this.context.get(runtimeContext);
    const auth = this.context.get(authContext);
    const response = await auth.handler(
      new Request(`${env.SITE_URL}/api/auth${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: env.SITE_URL,
          Cookie: this.cookie,
          [CLIENT_IP_HEADER]: this.ip,
        },
        body: JSON.stringify(body),
      }),
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & {
        code?: string;
        message?: string;
      },
    };
  }
}

describe.each(testEngines())("sign-in throttling on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const at = (clientIp: string, limitStore?: LimitStore) =>
    testContext(handle, { clientIp, limitStore });

  async function account(name: string) {
    const email = uniqueEmail(name);
    await createVerifiedUser(at(newAddress()).get(authContext), handle.db, {
      email,
      password: PASSWORD,
      role: "guest",
    });
    return email;
  }

  /** Posts the /auth login form; the thrown redirect's cookies come back too. */
  async function login(ctx: AppContext, email: string, password: string, cookie?: string) {
    const form = { intent: "login", email, password };
    let setCookies: string[] = [];
    const result = await outcome(async () => {
      try {
        return await authRoute.action({
          request: request("/auth", { form, cookie }),
          context: ctx,
          params: {},
        } as never);
      } catch (thrown) {
        if (thrown instanceof Response) setCookies = thrown.headers.getSetCookie();
        throw thrown;
      }
    });
    return { ...result, formError: formErrorOf(result), setCookies };
  }

  it("twenty people signing in correctly from one address within a minute all get in", async () => {
    const office = newAddress();
    const emails = [];
    for (let i = 0; i < 20; i++) emails.push(await account(`colleague${i}`));
    const statuses = [];
    for (const email of emails) statuses.push((await login(at(office), email, PASSWORD)).status);
    expect(statuses).toEqual(Array(20).fill(302));
  });

  it("thirty wrong passwords for one account are throttled and say how long; the owner still signs in from another address", async () => {
    const email = await account("target");
    const attacker = newAddress();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await login(at(attacker), email, `wrong ${i}`));
    expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429, 429]);
    expect(answers[0]!.formError).toBe(INVALID);
    expect(answers[10]!.formError).toBe(LOCKED);

    // The right password from the locked-out address waits too (no oracle for the attacker).
    const right = await login(at(attacker), email, PASSWORD);
    expect(right.status).toBe(429);
    expect(right.formError).toBe(LOCKED);

    for (let i = 12; i < 30; i++) {
      expect((await login(at(attacker), email, `wrong ${i}`)).status).toBe(429);
    }
    // Meanwhile the account's owner, at home, signs in.
    expect(await login(at(newAddress()), email, PASSWORD)).toMatchObject({
      status: 302,
      location: "/",
    });
  });

  it("a successful sign-in clears that address's failures for the account", async () => {
    const email = await account("typo");
    const home = newAddress();
    for (let i = 0; i < 9; i++)
      expect((await login(at(home), email, `typo ${i}`)).status).toBe(401);
    expect((await login(at(home), email, PASSWORD)).status).toBe(302);
    for (let i = 0; i < 9; i++)
      expect((await login(at(home), email, `typo ${i}`)).status).toBe(401);
    expect((await login(at(home), email, PASSWORD)).status).toBe(302);
  });

  it("correct sign-ins spend none of an address's allowance: after 29 failures, 35 sign-ins get in and the 31st failure is refused", async () => {
    const office = newAddress();
    const emails = [];
    for (let i = 0; i < 5; i++) emails.push(await account(`office${i}`));
    for (let i = 0; i < 29; i++) {
      expect((await login(at(office), uniqueEmail("typo"), "not a password")).status).toBe(401);
    }
    const statuses = [];
    for (let i = 0; i < 35; i++) {
      statuses.push((await login(at(office), emails[i % 5]!, PASSWORD)).status);
    }
    expect(statuses).toEqual(Array(35).fill(302));
    expect((await login(at(office), uniqueEmail("typo"), "not a password")).status).toBe(401);
    const over = await login(at(office), emails[0]!, PASSWORD);
    expect(over.status).toBe(429);
    expect(over.formError).toMatch(
      /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
    );
  });

  it("every failed attempt from one address counts toward a ceiling of 30 a minute, whatever the account", async () => {
    const school = newAddress();
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await login(at(school), uniqueEmail("nobody"), "not a password")).status);
    }
    expect(statuses).toEqual(Array(30).fill(401));
    const over = await login(at(school), uniqueEmail("nobody"), "not a password");
    expect(over.status).toBe(429);
    expect(over.formError).toMatch(
      /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
    );
  });

  it("an attack from many addresses locks the account for new devices, never for a browser that signed in before", async () => {
    const email = await account("popular");
    const before = await login(at(newAddress()), email, PASSWORD);
    expect(before.status).toBe(302);
    const knownDevice = before.setCookies
      .map((c) => c.split(";")[0]!)
      .filter((c) => c.includes("known_device"))
      .join("; ");
    expect(knownDevice).not.toBe("");

    // 50 failures from 10 addresses, 5 each: no single address reaches its own limit.
    for (let a = 0; a < 10; a++) {
      const botnet = newAddress();
      for (let i = 0; i < 5; i++) await login(at(botnet), email, `guess ${a}-${i}`);
    }
    const stranger = await login(at(newAddress()), email, PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.formError).toBe(LOCKED);
    // The owner's own browser, from wherever it is now, gets in.
    const owner = await login(at(newAddress()), email, PASSWORD, knownDevice);
    expect(owner).toMatchObject({ status: 302, location: "/" });
  });

  it("a lockout ends by time", async () => {
    // The database store on either engine, so the test can move the lock's end into the past.
    const email = await account("patient");
    const address = newAddress();
    for (let i = 0; i < 10; i++) await login(at(address, "database"), email, `wrong ${i}`);
    expect((await login(at(address, "database"), email, PASSWORD)).formError).toBe(LOCKED);
    await handle.db.execute(
      sql`update rate_limits set expire = now() - interval '1 second' where key like 'sign-in-failures:%'`,
    );
    expect((await login(at(address, "database"), email, PASSWORD)).status).toBe(302);
  });

  it("password reset requests are limited per inbox, whoever asks", async () => {
    const email = await account("mailbox");
    const ask = (ip: string) =>
      outcome(() =>
        forgotRoute.action({
          request: request("/auth/forgot-password", { form: { email } }),
          context: at(ip),
          params: {},
        } as never),
      );
    for (let i = 0; i < 5; i++) expect((await ask(newAddress())).status).toBe(200);
    const sixth = await ask(newAddress());
    expect(sixth.status).toBe(429);
    expect(formErrorOf(sixth)).toMatch(
      /^Too many emails have been sent to this address\. Try again in \d+ minutes?\.$/,
    );
  });

  it("a TOTP code is accepted once: a replay is refused, a fresh code works", async () => {
    const email = await account("totp");
    const browser = new AuthClient(at(newAddress()), newAddress());
    expect((await browser.post("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    const enabled = await browser.post("/two-factor/enable", { password: PASSWORD });
    expect(enabled.status).toBe(200);
    const secret = secretOf(enabled.body.totpURI as string);

    const code = totp(secret);
    expect((await browser.post("/two-factor/verify-totp", { code })).status).toBe(200);
    const replay = await browser.post("/two-factor/verify-totp", { code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(
      "This code has already been used. Wait for the next code in your authenticator app.",
    );

    // Signing in: the spent code is refused on the two-factor form, the next one works.
    const laptop = new AuthClient(at(newAddress()), newAddress());
    const step = await laptop.post("/sign-in/email", { email, password: PASSWORD });
    expect(step.body.twoFactorRedirect).toBe(true);
    const submit = (code: string) =>
      outcome(() =>
        twoFactorRoute.action({
          request: request("/auth/two-factor", { form: { code }, cookie: laptop.cookie }),
          context: laptop.context,
          params: {},
        } as never),
      );
    const refused = await submit(code);
    expect(refused.status).toBe(400);
    expect(formErrorOf(refused)).toBe(
      "This code has already been used. Wait for the next code in your authenticator app.",
    );
    const next = totp(secret, Date.now() + 30_000);
    expect((await submit(next)).status).toBe(302);

    // The code that signed in is spent too, for any sign-in.
    const phone = new AuthClient(at(newAddress()), newAddress());
    await phone.post("/sign-in/email", { email, password: PASSWORD });
    expect((await phone.post("/two-factor/verify-totp", { code: next })).body.code).toBe(
      "TOTP_CODE_ALREADY_USED",
    );
  });

  it("repeated wrong codes lock the two-factor step, and the answer says how long", async () => {
    const email = await account("codes");
    const setup = new AuthClient(at(newAddress()), newAddress());
    await setup.post("/sign-in/email", { email, password: PASSWORD });
    const secret = secretOf(
      (await setup.post("/two-factor/enable", { password: PASSWORD })).body.totpURI as string,
    );
    expect((await setup.post("/two-factor/verify-totp", { code: totp(secret) })).status).toBe(200);

    const wrong = (i: number) =>
      String((Number(totp(secret)) + 500_000 + i) % 1_000_000).padStart(6, "0");
    const signIn = async () => {
      const client = new AuthClient(at(newAddress()), newAddress());
      await client.post("/sign-in/email", { email, password: PASSWORD });
      return client;
    };
    // One sign-in allows five codes.
    const first = await signIn();
    for (let i = 0; i < 5; i++) {
      expect((await first.post("/two-factor/verify-totp", { code: wrong(i) })).status).toBe(401);
    }
    const spent = await first.post("/two-factor/verify-totp", { code: wrong(5) });
    expect(spent.status).toBe(400);
    expect(spent.body.message).toBe(
      "Too many wrong codes for this sign-in. Sign in again to continue.",
    );
    // Ten wrong codes in a row lock the account's two-factor step for a while.
    const second = await signIn();
    for (let i = 0; i < 5; i++) await second.post("/two-factor/verify-totp", { code: wrong(i) });
    const locked = await (await signIn()).post("/two-factor/verify-totp", { code: wrong(6) });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many wrong codes. Try again in 15 minutes.");
  });
});

// Two processes on one PostgreSQL database: two pools, two auth objects, one set of counters.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "throttling across two processes on PostgreSQL",
  () => {
    let drop: () => Promise<void>;
    let first: DatabaseHandle;
    let second: DatabaseHandle;
    beforeAll(async () => {
      const created = await createDatabase(process.env.TEST_DATABASE_URL!, "studio_test_");
      drop = created.drop;
      first = await openDatabase({ engine: "postgres", url: created.url, poolSize: 2 });
      second = await openDatabase({ engine: "postgres", url: created.url, poolSize: 2 });
      await migrate(first);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await drop?.();
    });

    it("counts failures, the per-address ceiling and spent TOTP codes together", async () => {
      const address = newAddress();
      const one = testContext(first, { clientIp: address });
      const two = testContext(second, { clientIp: address });
      expect(one.get(runtimeContext).limits.store).toBe("database");
      const email = uniqueEmail("shared");
      await createVerifiedUser(one.get(authContext), first.db, {
        email,
        password: PASSWORD,
        role: "guest",
      });
      const login = (ctx: AppContext, password: string) =>
        outcome(() =>
          authRoute.action({
            request: request("/auth", { form: { intent: "login", email, password } }),
            context: ctx,
            params: {},
          } as never),
        );
      // Ten failures, alternating processes: the eleventh attempt is locked on both.
      for (let i = 0; i < 10; i++) {
        expect((await login(i % 2 ? two : one, `wrong ${i}`)).status).toBe(401);
      }
      for (const ctx of [one, two]) {
        const locked = await login(ctx, PASSWORD);
        expect(locked.status).toBe(429);
        expect(formErrorOf(locked)).toBe(LOCKED);
      }

      // A TOTP code spent through one process is refused by the other.
      const viaOne = new AuthClient(testContext(first, {}), newAddress());
      await viaOne.post("/sign-in/email", { email, password: PASSWORD });
      const secret = secretOf(
        (await viaOne.post("/two-factor/enable", { password: PASSWORD })).body.totpURI as string,
      );
      const code = totp(secret);
      expect((await viaOne.post("/two-factor/verify-totp", { code })).status).toBe(200);
      const viaTwo = new AuthClient(testContext(second, {}), newAddress());
      await viaTwo.post("/sign-in/email", { email, password: PASSWORD });
      expect((await viaTwo.post("/two-factor/verify-totp", { code })).body.code).toBe(
        "TOTP_CODE_ALREADY_USED",
      );
    });
  },
);
