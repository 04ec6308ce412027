import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { getSessionUser } from "../../app/accounts/session.server";
import { setUserRole } from "../../app/roles/roles.server";
import * as profile from "../../app/routes/profile";
import { outcome, PASSWORD, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { openForSuite } from "../support/suite";

// Sessions resolved without a query on most requests (decision 041), and an ended session refused
// at once: signing out, a device signed out from the profile, a password change.
describe.each(testEngines())("the session cache on $name", (engine) => {
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

  it("asks the auth library once for repeated requests of one session; the role is read fresh", async () => {
    const user = await signedInAs(context, "guest");
    const lookups = vi.spyOn(context.runtime.auth.api, "getSession");
    try {
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await userOf(user.cookie));
      expect(answers.map((a) => a?.email)).toEqual(Array(5).fill(user.email));
      expect(lookups).toHaveBeenCalledTimes(1);
      // A role change shows on the next request, with no clear: the role is not kept.
      await setUserRole(context.runtime.db, {
        userId: user.id,
        role: "moderator",
        assignedBy: null,
      });
      expect((await userOf(user.cookie))?.role).toBe("moderator");
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
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
