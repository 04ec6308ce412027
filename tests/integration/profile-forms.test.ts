import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LAST_OWNER_CANNOT_LEAVE } from "../../app/accounts/account-deletion.server";
import { getSessionUser } from "../../app/accounts/session.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { profiles, userActivity, userPreferences, userRoles, users } from "../../app/db/schema";
import type { AppContext } from "../../app/platform/server/context.server";
import * as profile from "../../app/routes/profile";
import { PASSWORD, postForm, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { openForSuite } from "../support/suite";

// The /profile forms' replies on the server (docs/product.md#profile): each refusal with its status
// and its message on the field or the form that sent it.
describe.each(testEngines())("profile forms on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  const post = (cookie: string, form: Record<string, string>) =>
    postForm(profile, context, "/profile", form, cookie);

  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  it("an over-long bio is a 400 on the bio field, and nothing is saved", async () => {
    const user = await signedInAs(context, "guest");
    const result = await post(user.cookie, {
      intent: "profile",
      displayName: "Not Saved",
      bio: "x".repeat(501),
    });
    expect(result.status).toBe(400);
    expect(said(result.body).errors).toEqual({ bio: "Bio must be at most 500 characters" });
    expect(said(result.body).values).toMatchObject({ intent: "profile", displayName: "Not Saved" });
    const [row] = await handle.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.displayName ?? null).toBeNull();
  });

  it("a saved profile is stored, trimmed, with its activity, and redirects back", async () => {
    const user = await signedInAs(context, "guest");
    const result = await post(user.cookie, {
      intent: "profile",
      displayName: "  Ada  ",
      bio: "Writes the engine.",
    });
    expect(result).toMatchObject({ status: 302, location: "/profile" });
    const [row] = await handle.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row).toMatchObject({ displayName: "Ada", bio: "Writes the engine." });
    const activity = await handle.db
      .select()
      .from(userActivity)
      .where(
        and(eq(userActivity.userId, user.id), eq(userActivity.activityType, "profile_update")),
      );
    expect(activity.map((a) => a.activityData)).toEqual([
      { updated_fields: ["display_name", "bio"] },
    ]);
    // An emptied bio is stored as no bio.
    await post(user.cookie, { intent: "profile", displayName: "Ada", bio: "" });
    const [cleared] = await handle.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(cleared).toMatchObject({ displayName: "Ada", bio: null });
  });

  it("saved settings are stored and go back to the Settings tab", async () => {
    const user = await signedInAs(context, "guest");
    const result = await post(user.cookie, {
      intent: "settings",
      themePreference: "dark",
      privacyLevel: "private",
    });
    expect(result).toMatchObject({ status: 302, location: "/profile?tab=settings" });
    const [row] = await handle.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, user.id));
    // The unchecked notifications box is not sent: off.
    expect(row).toMatchObject({
      emailNotifications: false,
      themePreference: "dark",
      privacyLevel: "private",
    });
  });

  it("the theme switcher's save answers 200, an unknown theme saved as 'system'", async () => {
    const user = await signedInAs(context, "guest");
    const result = await post(user.cookie, { intent: "save-theme", theme: "neon" });
    expect(result.status).toBe(200);
    expect(said(result.body).ok).toBe(true);
    const [row] = await handle.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, user.id));
    expect(row?.themePreference).toBe("system");
  });

  it("a password form without its password is a 400 'Password is required'", async () => {
    const user = await signedInAs(context, "guest");
    for (const intent of ["enable-2fa", "disable-2fa", "delete-account"]) {
      const result = await post(user.cookie, { intent, password: "" });
      expect(result.status, intent).toBe(400);
      expect(said(result.body).errors, intent).toEqual({ password: "Password is required" });
    }
  });

  it("turning two-factor on with the password gives the enrolment; a wrong one is a 400", async () => {
    const user = await signedInAs(context, "guest");
    const wrong = await post(user.cookie, { intent: "enable-2fa", password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(said(wrong.body).formError).toMatch(/invalid password/i);
    const right = await post(user.cookie, { intent: "enable-2fa", password: PASSWORD });
    expect(right.status).toBe(200);
    const { result } = right.body as { result?: { qrDataUrl: string; backupCodes: string[] } };
    expect(result?.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(result?.backupCodes).toHaveLength(10);
    // The password never comes back.
    expect(JSON.stringify(right.body)).not.toContain(PASSWORD);
  });

  it("the last owner cannot delete their account: 409, and the account is still there", async () => {
    const owner = await signedInAs(context, "owner");
    const result = await post(owner.cookie, { intent: "delete-account", password: PASSWORD });
    expect(result.status).toBe(409);
    expect(said(result.body).formError).toBe(LAST_OWNER_CANNOT_LEAVE);
    const [account] = await handle.db.select().from(users).where(eq(users.id, owner.id));
    expect(account?.email).toBe(owner.email);
    const [profile] = await handle.db.select().from(profiles).where(eq(profiles.id, owner.id));
    expect(profile?.username).toBe(owner.email);
    const roles = await handle.db.select().from(userRoles).where(eq(userRoles.userId, owner.id));
    expect(roles.map((r) => r.role)).toEqual(["owner"]);
    // Still signed in: the session was not dropped either.
    const session = await getSessionUser(request("/profile", { cookie: owner.cookie }), context);
    expect(session?.id).toBe(owner.id);
  });
});
