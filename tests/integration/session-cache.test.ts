import { describe, expect, it, vi } from "vitest";
import { getSessionUser } from "../../app/accounts/session.server";
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
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { authContext } from "../../app/accounts/auth-context.server";

// Sessions resolved without a query on most requests, an ended session refused
// at once (signing out, a device signed out from the profile, a password change), and a changed
// role, name, avatar or theme shown at once.
describe.each(testEngines())("the session cache on $name", (engine) => {
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ context } = opened);
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

  it("asks nothing of the database for repeated requests of one session", async () => {
    const user = await signedInAs(context, "guest");
    expect((await userOf(user.cookie))?.email).toBe(user.email);
    const lookups = vi.spyOn(context.get(authContext).api, "getSession");
    const queries = vi.spyOn(context.get(runtimeContext).db, "select");
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await userOf(user.cookie));
      expect(answers.map((a) => a?.email)).toEqual(Array(5).fill(user.email));
      // The session, the user, the role, profile and theme were read with the first request.
      expect(lookups).not.toHaveBeenCalled();
      expect(queries).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
      queries.mockRestore();
    }
  });

  it("keeps nothing for a header with two session cookies: the library decides each time", async () => {
    const user = await signedInAs(context, "guest");
    const token = user.cookie.match(/studio\.session_token=([^;]+)/)![1]!;
    // A cookie planted before the real one (another path or a sibling domain can do that).
    const planted = `studio.session_token=planted.sig; ${user.cookie}`;
    const lookups = vi.spyOn(context.get(authContext).api, "getSession");
    try {
      await userOf(planted);
      await userOf(planted);
      expect(lookups).toHaveBeenCalledTimes(2);
      expect(context.get(runtimeContext).sessions.get("planted.sig")).toBeUndefined();
      expect(context.get(runtimeContext).sessions.get(token)).toBeUndefined();
    } finally {
      lookups.mockRestore();
    }
  });

  // Each of these writes changes what the kept user carries: without its clear, the next request
  // would still see the old value for up to SESSION_CACHE_MS.
  it("a role change shows on the next request", async () => {
    const user = await signedInAs(context, "guest");
    expect((await userOf(user.cookie))?.role).toBe("guest");
    await setUserRole(context.get(runtimeContext), { userId: user.id, role: "moderator", assignedBy: null });
    expect((await userOf(user.cookie))?.role).toBe("moderator");
  });

  it("a new display name, avatar or theme shows on the next request", async () => {
    const user = await signedInAs(context, "guest");
    expect((await userOf(user.cookie))?.displayName).toBeNull();
    await updateProfile(context.get(runtimeContext), user.id, { displayName: "Lantern Keeper", bio: "" });
    expect((await userOf(user.cookie))?.displayName).toBe("Lantern Keeper");
    await setAvatarUrl(context.get(runtimeContext), user.id, `/avatars/${user.id}/avatar.webp?v=1`);
    expect((await userOf(user.cookie))?.avatarUrl).toBe(`/avatars/${user.id}/avatar.webp?v=1`);
    await saveThemePreference(context.get(runtimeContext), user.id, "dark");
    expect((await userOf(user.cookie))?.themePreference).toBe("dark");
    await savePreferences(context.get(runtimeContext), user.id, {
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
