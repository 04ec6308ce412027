import { describe, expect, it } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import { getSessionUser } from "../../app/accounts/session.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
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
describe.each(testEngines())("sessions read per request on $name", (engine) => {
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
