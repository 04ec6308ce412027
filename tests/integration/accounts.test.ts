import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createOwnerWithInvite,
  isOwnerInviteValid,
  ownerSetupLink,
} from "../../app/accounts/accounts.server";
import { authContext } from "../../app/accounts/auth-context.server";
import { getSessionUser } from "../../app/accounts/session.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import {
  accounts,
  profiles,
  sessions,
  staffAuditLog,
  userActivity,
  userPreferences,
  userRoles,
  users,
} from "../../app/db/schema";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { getUserRole, isLastOwnerError, setUserRole } from "../../app/roles/roles.server";
import * as authRoute from "../../app/routes/auth";
import * as emailConfirmedRoute from "../../app/routes/auth-email-confirmed";
import * as setupOwnerRoute from "../../app/routes/auth-setup-owner";
import * as profileRoute from "../../app/routes/profile";
import { outcome, PASSWORD, postForm, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { productionPasswordCost } from "../support/password-cost";
import { said } from "../support/reply";
import { testContext } from "../support/runtime";

// The production hashing cost, which the other tests lower (tests/support/password-cost.ts).
productionPasswordCost();

function outboxLinks(context: AppContext, to: string): string[] {
  const dir = path.join(context.get(runtimeContext).env.DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .filter((mail) => mail.includes(`To: ${to}`))
    .flatMap((mail) => mail.match(/https?:\/\/\S+/g) ?? []);
}

/** The browser's Cookie header after a response: its Set-Cookie values, without attributes. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe.each(testEngines())("accounts on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let ip = 0;
  // Each test signs in from its own address, as the per-address limits expect.
  const fresh = () => testContext(handle, { clientIp: `198.51.100.${++ip}` });

  const submit = (ctx: AppContext, form: Record<string, string>) =>
    outcome(() =>
      authRoute.action({ request: request("/auth", { form }), context: ctx, params: {} } as never),
    );

  beforeAll(async () => {
    handle = await engine.open();
    context = fresh();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("registers, mails a confirmation link, refuses sign-in until confirmed, then signs in and records it", async () => {
    const ctx = fresh();
    const email = "new.player@example.com";
    const registered = await submit(ctx, {
      intent: "register",
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(registered).toMatchObject({ status: 302, location: "/auth?check-inbox" });

    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile?.username).toBe(email);
    const [prefs] = await handle.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, user!.id));
    expect(prefs).toMatchObject({
      emailNotifications: true,
      themePreference: "system",
      privacyLevel: "public",
    });
    const [account] = await handle.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await getUserRole(handle.db, user!.id)).toBe("guest");

    const early = await submit(ctx, { intent: "login", email, password: PASSWORD });
    expect(early.status).toBe(403);
    expect(said(early.body).formError).toMatch(/confirm your email/);

    const link = outboxLinks(ctx, email).find((l) => l.includes("/verify-email"));
    expect(link).toBeDefined();
    const verified = await ctx.get(authContext).handler(new Request(link!));
    expect(verified.status, `${link} -> ${await verified.clone().text()}`).toBe(302);
    // It lands on our page, which says "Email confirmed"; the link signed that browser in.
    expect(verified.headers.get("Location")).toBe("/auth/email-confirmed");
    const landing = await outcome(() =>
      emailConfirmedRoute.loader({
        request: request("/auth/email-confirmed", { cookie: cookiesOf(verified) }),
        context: ctx,
        params: {},
      } as never),
    );
    expect(landing).toMatchObject({ status: 302, location: "/" });
    const [after] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(after?.emailVerified).toBe(true);

    const signedIn = await submit(ctx, { intent: "login", email, password: PASSWORD });
    expect(signedIn).toMatchObject({ status: 302, location: "/" });
    const logins = await handle.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.userId, user!.id), eq(userActivity.activityType, "login")));
    expect(logins.length).toBeGreaterThanOrEqual(1);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const known = await signedInAs(context, "guest");
    const wrong = await submit(fresh(), {
      intent: "login",
      email: known.email,
      password: "not the password",
    });
    const unknown = await submit(fresh(), {
      intent: "login",
      email: "nobody@example.com",
      password: "not the password",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(said(wrong.body).formError).toBe(said(unknown.body).formError);
  });

  it("answers a sign-up with a registered email like a new one, and creates nobody", async () => {
    const known = await signedInAs(context, "guest");
    const ctx = fresh();
    const again = await submit(ctx, {
      intent: "register",
      email: known.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(again).toMatchObject({ status: 302, location: "/auth?check-inbox" });
    expect(await handle.db.select().from(users).where(eq(users.email, known.email))).toHaveLength(
      1,
    );
  });

  it("refuses mismatched passwords with the spec's message and creates nobody", async () => {
    const result = await submit(fresh(), {
      intent: "register",
      email: "mismatch@example.com",
      password: PASSWORD,
      confirmPassword: `${PASSWORD}!`,
    });
    expect(result.status).toBe(400);
    expect(said(result.body).errors?.confirmPassword).toBe("Passwords do not match");
    expect(
      await handle.db.select().from(users).where(eq(users.email, "mismatch@example.com")),
    ).toHaveLength(0);
  });

  it("locks an address out of an account after ten failed sign-ins, with 429 and how long", async () => {
    const target = await signedInAs(context, "guest");
    const ctx = fresh();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await submit(ctx, { intent: "login", email: target.email, password: "wrong password" }))
          .status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const limited = await submit(ctx, { intent: "login", email: target.email, password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(said(limited.body).formError).toBe(
      "Too many failed sign-in attempts. Try again in 15 minutes.",
    );
    // Another address is not affected, nor another account from this one.
    expect(
      (await submit(fresh(), { intent: "login", email: target.email, password: PASSWORD })).status,
    ).toBe(302);
    const other = await signedInAs(context, "guest");
    expect(
      (await submit(ctx, { intent: "login", email: other.email, password: PASSWORD })).status,
    ).toBe(302);
  });

  it("changing a role replaces the row, records who and when, and writes the audit log", async () => {
    const owner = await signedInAs(context, "owner");
    const target = await signedInAs(context, "moderator");
    await setUserRole(context.get(runtimeContext).db, {
      userId: target.id,
      role: "admin",
      assignedBy: owner,
    });
    const rows = await handle.db.select().from(userRoles).where(eq(userRoles.userId, target.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: "admin", assignedBy: owner.id });
    const audit = await handle.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.subjectId, target.id));
    expect(audit.map((a) => a.details)).toContainEqual({ from: "moderator", to: "admin" });
    expect(audit.find((a) => (a.details as { to: string }).to === "admin")?.actorId).toBe(owner.id);
  });

  it("keeps the last owner an owner", async () => {
    const { db } = handle;
    const owners = await db.select().from(userRoles).where(eq(userRoles.role, "owner"));
    for (const row of owners.slice(1))
      await db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, row.userId));
    const last = owners[0] ?? { userId: (await signedInAs(context, "owner")).id };
    const refusal = await setUserRole(context.get(runtimeContext).db, {
      userId: last.userId,
      role: "guest",
      assignedBy: null,
    }).catch((error: unknown) => error);
    expect(isLastOwnerError(refusal)).toBe(true);
    expect(await getUserRole(db, last.userId)).toBe("owner");
  });

  it("get_user_role is guest without a row, for an unknown user, and when signed out", async () => {
    const guest = await signedInAs(context, "guest");
    expect(await getUserRole(handle.db, guest.id)).toBe("guest");
    expect(await getUserRole(handle.db, "no-such-user")).toBe("guest");
    expect(await getUserRole(handle.db, null)).toBe("guest");
  });

  it("a password change signs out the user's other sessions", async () => {
    const user = await signedInAs(context, "guest");
    const { headers } = await context.get(authContext).api.signInEmail({
      body: { email: user.email, password: PASSWORD },
      returnHeaders: true,
    });
    const other = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(
      await handle.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(2);
    const changed = await outcome(() =>
      profileRoute.action({
        request: request("/profile", {
          cookie: user.cookie,
          form: {
            intent: "change-password",
            currentPassword: PASSWORD,
            newPassword: "another long password",
            confirmPassword: "another long password",
          },
        }),
        context,
        params: {},
      } as never),
    );
    expect(changed.status).toBe(302);
    expect(await getSessionUser(request("/", { cookie: other }), context)).toBeNull();
  });
});

describe.each(testEngines())("owner set-up link on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("works once while there is no owner, then never again", async () => {
    const context = testContext(handle);
    const link = await ownerSetupLink(handle.db, "http://localhost:3000");
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/setup-owner\?token=[\w-]{40,}$/);
    const token = new URL(link!).searchParams.get("token")!;
    expect(await isOwnerInviteValid(handle.db, token)).toBe(true);
    expect(await isOwnerInviteValid(handle.db, "forged")).toBe(false);
    const owner = await createOwnerWithInvite(context.get(authContext), handle.db, {
      token,
      email: "boss@example.com",
      password: PASSWORD,
    });
    expect(await getUserRole(handle.db, owner.id)).toBe("owner");
    await expect(
      createOwnerWithInvite(context.get(authContext), handle.db, {
        token,
        email: "thief@example.com",
        password: PASSWORD,
      }),
    ).rejects.toThrow(/no longer valid/);
    expect(await ownerSetupLink(handle.db, "http://localhost:3000")).toBeNull();
  });
});

describe.each(testEngines())("owner set-up form on $name", (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("creates the owner and signs that browser in, on the admin panel", async () => {
    const context = testContext(handle, { clientIp: "198.51.100.200" });
    const link = await ownerSetupLink(handle.db, "http://localhost:3000");
    const token = new URL(link!).searchParams.get("token")!;
    let answer: Response | undefined;
    const created = await outcome(async () => {
      try {
        return await setupOwnerRoute.action({
          request: request("/auth/setup-owner", {
            form: {
              token,
              email: "founder@example.com",
              password: PASSWORD,
              confirmPassword: PASSWORD,
            },
          }),
          context,
          params: {},
        } as never);
      } catch (thrown) {
        if (thrown instanceof Response) answer = thrown;
        throw thrown;
      }
    });
    // The new owner lands on Home, where the first-run checklist is.
    expect(created).toMatchObject({ status: 302, location: "/" });
    const user = await getSessionUser(request("/admin", { cookie: cookiesOf(answer!) }), context);
    expect(user?.email).toBe("founder@example.com");
    expect(await getUserRole(handle.db, user!.id)).toBe("owner");
    // The link worked once.
    const again = await postForm(setupOwnerRoute, context, "/auth/setup-owner", {
      token,
      email: "second@example.com",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(again.status).toBe(400);
  });
});
