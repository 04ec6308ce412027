import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getSessionUser } from "../../app/accounts/session.server";
import { sessions } from "../../app/db/schema";
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

// A session read in one query per request (the auth library for what it must do itself), an ended
// session refused at once (signing out, a device signed out from the profile, a password change), and a changed
// role, name, avatar or theme shown at once.
const DAY = 24 * 60 * 60 * 1000;

describe.each(testEngines())("the session lookup on $name", (engine) => {
  let context: AppLoadContext;
  openForSuite(engine, (opened) => {
    ({ context } = opened);
  });

  const userOf = (cookie: string) => getSessionUser(request("/", { cookie }), context);

  /** A second session for the same account (another device). */
  async function anotherSession(email: string): Promise<string> {
    const { headers } = await context.runtime.auth.api.signInEmail({
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
    return context.runtime.auth.handler(
      new Request(`${context.runtime.env.SITE_URL}/api/auth${path}`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: context.runtime.env.SITE_URL,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
      }),
    );
  }

  it("reads the viewer in one query, without the auth library", async () => {
    const user = await signedInAs(context, "guest");
    const lookups = vi.spyOn(context.runtime.auth.api, "getSession");
    const queries = vi.spyOn(context.runtime.db, "select");
    try {
      for (let i = 0; i < 3; i++) expect((await userOf(user.cookie))?.email).toBe(user.email);
      // The session, the user, the role, profile and theme: one query a request.
      expect(queries).toHaveBeenCalledTimes(3);
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
      queries.mockRestore();
    }
  });

  it("one lookup serves a page's loaders; each request and each form reads afresh", async () => {
    const user = await signedInAs(context, "guest");
    const page = request("/", { cookie: user.cookie });
    const queries = vi.spyOn(context.runtime.db, "select");
    try {
      const [root, route] = await Promise.all([
        getSessionUser(page, context),
        getSessionUser(page, context),
      ]);
      expect(root?.email).toBe(user.email);
      expect(route).toBe(root);
      expect(queries).toHaveBeenCalledTimes(1);
      await userOf(user.cookie);
      const form = request("/profile", { cookie: user.cookie, form: { intent: "x" } });
      await getSessionUser(form, context);
      await getSessionUser(form, context);
      expect(queries).toHaveBeenCalledTimes(4);
    } finally {
      queries.mockRestore();
    }
  });

  it("a cookie not signed with the secret is no session, and costs no query", async () => {
    const user = await signedInAs(context, "guest");
    const [name, value] = user.cookie.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0];
    const forged = `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    const queries = vi.spyOn(context.runtime.db, "select");
    try {
      expect(await userOf(forged)).toBeNull();
      expect(await userOf(`${name}=${token}`)).toBeNull();
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
  });

  it("leaves a header with two session cookies to the library", async () => {
    const user = await signedInAs(context, "guest");
    // A cookie planted before the real one (another path or a sibling domain can do that).
    const planted = `studio.session_token=planted.sig; ${user.cookie}`;
    const lookups = vi.spyOn(context.runtime.auth.api, "getSession");
    try {
      await userOf(planted);
      await userOf(planted);
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      lookups.mockRestore();
    }
  });

  it("a session due for extension is extended by the library", async () => {
    const user = await signedInAs(context, "guest");
    const { db } = context.runtime;
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    // Two days into its thirty: the library extends a session a day after it was last extended.
    const soon = new Date(Date.now() + 28 * DAY);
    await db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, session!.id));
    const lookups = vi.spyOn(context.runtime.auth.api, "getSession");
    try {
      expect((await userOf(user.cookie))?.email).toBe(user.email);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
    const [extended] = await db.select().from(sessions).where(eq(sessions.id, session!.id));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + DAY);
  });

  it("an expired session is refused", async () => {
    const user = await signedInAs(context, "guest");
    const { db } = context.runtime;
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect(await userOf(user.cookie)).toBeNull();
  });

  // Each of these writes changes what the viewer carries: the next request shows it.
  it("a role change shows on the next request", async () => {
    const user = await signedInAs(context, "guest");
    expect((await userOf(user.cookie))?.role).toBe("guest");
    await setUserRole(context.runtime, { userId: user.id, role: "moderator", assignedBy: null });
    expect((await userOf(user.cookie))?.role).toBe("moderator");
  });

  it("a new display name, avatar or theme shows on the next request", async () => {
    const user = await signedInAs(context, "guest");
    expect((await userOf(user.cookie))?.displayName).toBeNull();
    await updateProfile(context.runtime, user.id, { displayName: "Lantern Keeper", bio: "" });
    expect((await userOf(user.cookie))?.displayName).toBe("Lantern Keeper");
    await setAvatarUrl(context.runtime, user.id, `/avatars/${user.id}/avatar.webp?v=1`);
    expect((await userOf(user.cookie))?.avatarUrl).toBe(`/avatars/${user.id}/avatar.webp?v=1`);
    await saveThemePreference(context.runtime, user.id, "dark");
    expect((await userOf(user.cookie))?.themePreference).toBe("dark");
    await savePreferences(context.runtime, user.id, {
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
