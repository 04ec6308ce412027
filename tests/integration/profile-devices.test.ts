import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../app/db/schema";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as profile from "../../app/routes/profile";
import { outcome, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { openForSuite } from "../support/suite";

// Found by fuzzing: a device id with a NUL reached the database, which refused it, and signing
// out a device answered 500.
describe.each(testEngines())("signing out a device by a malformed id, on $name", (engine) => {
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ context } = opened);
  });

  it.each(["x\u0000y", "", "a b", "x".repeat(200)])(
    "%j is not a device: 404",
    async (sessionId) => {
      const { cookie } = await signedInAs(context, "guest");
      const result = await outcome(() =>
        profile.action({
          request: request("/profile", { cookie, form: { intent: "revoke-session", sessionId } }),
          context,
          params: {},
        } as never),
      );
      expect(result.status).toBe(404);
      expect(said(result.body).formError).toBe("That device could not be signed out.");
    },
  );
});

// The profile listed devices through the auth library's list-sessions, which refuses a session
// signed in more than a day ago (its `freshAge`): such a reader's profile showed "Failed to load your
// devices" and no devices.
describe.each(testEngines())("the devices of a session signed in days ago, on $name", (engine) => {
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ context } = opened);
  });

  it("are listed, the current one first", async () => {
    const user = await signedInAs(context, "guest");
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await context
      .get(runtimeContext)
      .db.update(sessions)
      .set({ createdAt: threeDaysAgo })
      .where(eq(sessions.userId, user.id));
    const page = (await profile.loader({
      request: request("/profile", { cookie: user.cookie }),
      context,
      params: {},
    } as never)) as { devices: { current: boolean }[]; errors: string[] };
    expect(page.errors).toEqual([]);
    expect(page.devices.map((device) => device.current)).toEqual([true]);
  });
});
