import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import { getSessionUser } from "../../app/accounts/session.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { sessions } from "../../app/db/schema";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { sharePageReads } from "../../app/platform/server/page-reads.server";
import {
  savePreferences,
  saveThemePreference,
  setAvatarUrl,
  updateProfile,
} from "../../app/profiles/profiles.server";
import { setUserRole } from "../../app/roles/roles.server";
import * as profile from "../../app/routes/profile";
import { outcome, PASSWORD, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// An ended session refused at once (signing out, a device signed out from the profile, a password
// change), and a changed role, name, avatar or theme shown at once.
const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines())("sessions read per request on $name", (engine) => {
  let context: AppContext;
  let handle: DatabaseHandle;
  openForSuite(engine, (opened) => {
    ({ context, handle } = opened);
  });

  const userOf = (cookie: string) => getSessionUser(request("/", { cookie }), context);

  /** A second session for the same account (another device). */
  async function anotherSession(email: string): Promise<string> {
    const { headers } = await context.get(authContext).api.signInEmail({
      body: { email, password: PASSWORD },
      returnHeaders: true,
    });
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  /** A POST to the auth library's own endpoint, as the browser sends it. */
  function authPost(path: string, cookie: string, body: Record<string, unknown> = {}) {
    return context.get(authContext).handler(
      new Request(`${context.get(runtimeContext).env.SITE_URL}/api/auth${path}`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: context.get(runtimeContext).env.SITE_URL,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
      }),
    );
  }

  /** One request as the router answers it: the root's middleware around what its loaders do. */
  async function answered(page: Request, loaders: () => Promise<unknown>) {
    await sharePageReads(
      { request: page, context, params: {}, url: new URL(page.url), pattern: "/" },
      async () => {
        await loaders();
        return new Response();
      },
    );
  }

  it("one lookup serves a page's loaders; each request and each form reads afresh", async () => {
    const user = await signedInAs(context, "guest");
    const page = request("/", { cookie: user.cookie });
    const lookups = vi.spyOn(context.get(authContext).api, "getSession");
    try {
      // Each loader is handed a copy of the request, as React Router does.
      await answered(page, async () => {
        const [root, route] = await Promise.all([
          getSessionUser(new Request(page), context),
          getSessionUser(new Request(page), context),
        ]);
        expect(root?.email).toBe(user.email);
        expect(route).toBe(root);
      });
      expect(lookups).toHaveBeenCalledTimes(1);
      await answered(page, () => getSessionUser(new Request(page), context));
      expect(lookups).toHaveBeenCalledTimes(2);
      await userOf(user.cookie);
      expect(lookups).toHaveBeenCalledTimes(3);
      const form = request("/profile", { cookie: user.cookie, form: { intent: "x" } });
      await answered(form, async () => {
        await getSessionUser(form, context);
        await getSessionUser(form, context);
      });
      expect(lookups).toHaveBeenCalledTimes(5);
    } finally {
      lookups.mockRestore();
    }
  });

  /** Counts what the engine is sent: PGlite's statements, or node-postgres's pool queries. */
  function engineStatements() {
    const spy =
      handle.engine === "pglite"
        ? vi.spyOn(handle.pglite, "query")
        : vi.spyOn(handle.pool, "query");
    return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
  }

  it("a lookup is two statements: the session with its user, then role, profile and theme", async () => {
    const user = await signedInAs(context, "moderator");
    const statements = engineStatements();
    try {
      const viewer = await userOf(user.cookie);
      expect(viewer).toMatchObject({
        email: user.email,
        role: "moderator",
        sessionId: expect.any(String),
      });
      expect(statements.count()).toBe(2);
    } finally {
      statements.restore();
    }
  });

  it("a session due for extension is extended by the library", async () => {
    const user = await signedInAs(context, "guest");
    const { db } = context.get(runtimeContext);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    // Two days into its thirty: the library extends a session a day after it was last extended.
    const soon = new Date(Date.now() + 28 * DAY);
    await db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, session!.id));
    expect((await userOf(user.cookie))?.email).toBe(user.email);
    const [extended] = await db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + DAY);
  });

  it("an expired session is refused", async () => {
    const user = await signedInAs(context, "guest");
    const { db } = context.get(runtimeContext);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await userOf(user.cookie)).toBeNull();
  });

  // Sessions are read for each request: each of these writes shows on the very next one.
  it("a role change shows on the next request", async () => {
    const user = await signedInAs(context, "guest");
    expect((await userOf(user.cookie))?.role).toBe("guest");
    await setUserRole(context.get(runtimeContext).db, {
      userId: user.id,
      role: "moderator",
      assignedBy: null,
    });
    expect((await userOf(user.cookie))?.role).toBe("moderator");
  });

  it("a new display name, avatar or theme shows on the next request", async () => {
    const user = await signedInAs(context, "guest");
    expect((await userOf(user.cookie))?.displayName).toBeNull();
    await updateProfile(context.get(runtimeContext).db, user.id, {
      displayName: "Lantern Keeper",
      bio: "",
    });
    expect((await userOf(user.cookie))?.displayName).toBe("Lantern Keeper");
    await setAvatarUrl(
      context.get(runtimeContext).db,
      user.id,
      `/avatars/${user.id}/avatar.webp?v=1`,
    );
    expect((await userOf(user.cookie))?.avatarUrl).toBe(`/avatars/${user.id}/avatar.webp?v=1`);
    await saveThemePreference(context.get(runtimeContext).db, user.id, "dark");
    expect((await userOf(user.cookie))?.themePreference).toBe("dark");
    await savePreferences(context.get(runtimeContext).db, user.id, {
      emailNotifications: true,
      themePreference: "light",
      privacyLevel: "public",
    });
    expect((await userOf(user.cookie))?.themePreference).toBe("light");
  });

  it("a signed-out session is refused at once", async () => {
    const user = await signedInAs(context, "guest");
    expect((await userOf(user.cookie))?.email).toBe(user.email);
    expect((await authPost("/sign-out", user.cookie)).status).toBe(200);
    expect(await userOf(user.cookie)).toBeNull();
  });

  it("a device signed out from the profile is refused at once", async () => {
    const user = await signedInAs(context, "guest");
    const other = await anotherSession(user.email);
    const otherSession = (await userOf(other))!.sessionId;
    expect((await userOf(user.cookie))?.email).toBe(user.email);
    const answer = await outcome(() =>
      profile.action({
        request: request("/profile", {
          cookie: user.cookie,
          form: { intent: "revoke-session", sessionId: otherSession },
        }),
        context,
        params: {},
      } as never),
    );
    expect(answer.status).toBe(302);
    expect(await userOf(other)).toBeNull();
    expect((await userOf(user.cookie))?.email).toBe(user.email);
  });

  it("a password change signs the other devices out at once", async () => {
    const user = await signedInAs(context, "guest");
    const other = await anotherSession(user.email);
    expect((await userOf(other))?.email).toBe(user.email);
    const changed = await authPost("/change-password", user.cookie, {
      currentPassword: PASSWORD,
      newPassword: `${PASSWORD} changed`,
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect(await userOf(other)).toBeNull();
  });
});
