import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteAccount } from "../../app/accounts/account-deletion.server";
import { CLIENT_IP_HEADER } from "../../app/accounts/auth.server";
import { authContext } from "../../app/accounts/auth-context.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { userRoles, users, verifications } from "../../app/db/schema";
import { eraseAccountNewsletter } from "../../app/newsletter/account-newsletter.server";
import type { AppContext } from "../../app/platform/server/context.server";
import { isLastOwnerError, lockOwners } from "../../app/roles/roles.server";
import * as apiAuth from "../../app/routes/api-auth";
import * as resetRoute from "../../app/routes/auth-reset-password";
import { outcome, PASSWORD, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { outboxLinks } from "../support/outbox";
import { testContext } from "../support/runtime";
import { openForSuite } from "../support/suite";

// The auth library's own HTTP endpoints (/api/auth/*) under the product's rules: only what the
// forms use is reachable, and the rules hold there as in the forms.

const SITE = "http://localhost:3000";

let ip = 0;
/** A call to /api/auth/* as a browser (or a script) would make it, through the route module. */
async function call(
  context: AppContext,
  path: string,
  init: { method?: "GET" | "POST"; cookie?: string; json?: unknown } = {},
) {
  const method = init.method ?? (init.json === undefined ? "GET" : "POST");
  const headers = new Headers({ Origin: SITE, [CLIENT_IP_HEADER]: `192.0.2.${++ip % 250}` });
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const req = new Request(`${SITE}/api/auth${path}`, {
    method,
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const args = { request: req, context, params: { "*": path.slice(1) } } as never;
  const response = (await (method === "GET" ? apiAuth.loader(args) : apiAuth.action(args))) as
    | Response
    | undefined;
  const text = (await response?.text()) ?? "";
  return { status: response?.status ?? 0, text, headers: response?.headers ?? new Headers() };
}

describe.each(testEngines())("the auth library's endpoints on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  const exists = async (id: string) =>
    (await handle.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  it("POST /api/auth/delete-user keeps the last owner, even with the right password", async () => {
    // Only one owner in this database.
    await handle.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.role, "owner"));
    const owner = await signedInAs(context, "owner");
    const answer = await call(context, "/delete-user", {
      cookie: owner.cookie,
      json: { password: PASSWORD },
    });
    expect(answer.status).toBe(409);
    expect(JSON.parse(answer.text).message).toBe(
      "You are the last owner. Make someone else an owner before deleting your account.",
    );
    expect(await exists(owner.id)).toBe(true);
  });

  it("two owners deleting themselves at once: one goes, the other stays the last owner", async () => {
    await handle.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.role, "owner"));
    const first = await signedInAs(context, "owner");
    const second = await signedInAs(context, "owner");
    const answers = await Promise.all(
      [first, second].map((owner) =>
        call(context, "/delete-user", { cookie: owner.cookie, json: { password: PASSWORD } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const left = await handle.db.select().from(userRoles).where(eq(userRoles.role, "owner"));
    expect(left).toHaveLength(1);
  });

  // PGlite has one connection: a second transaction cannot wait beside the first there.
  it.skipIf(engine.name === "pglite")(
    "deleting an account waits for a role change in progress (the same lock) and then sees it",
    async () => {
      await handle.db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.role, "owner"));
      const staying = await signedInAs(context, "owner");
      const leaving = await signedInAs(context, "owner");
      let locked!: () => void;
      let release!: () => void;
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      // A role change demoting `staying`, holding the owners' lock until released.
      const demotion = handle.db.transaction(async (tx) => {
        await lockOwners(tx);
        await tx.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, staying.id));
        locked();
        await released;
      });
      await lockTaken;
      const deletion = deleteAccount(handle.db, leaving.id, eraseAccountNewsletter).then(
        () => "deleted",
        (error) => (isLastOwnerError(error) ? "refused" : error),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await demotion;
      expect(await deletion).toBe("refused");
      expect(await exists(leaving.id)).toBe(true);
    },
  );

  it("POST /api/auth/delete-user needs the password, even on a brand-new session", async () => {
    const user = await signedInAs(context, "guest");
    for (const json of [{}, { password: "" }, { callbackURL: "/" }]) {
      const answer = await call(context, "/delete-user", { cookie: user.cookie, json });
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(JSON.parse(answer.text).message).toBe("Password is required");
    }
    const wrong = await call(context, "/delete-user", {
      cookie: user.cookie,
      json: { password: "not the password" },
    });
    expect(wrong.status).toBe(400);
    expect(await exists(user.id)).toBe(true);

    const right = await call(context, "/delete-user", {
      cookie: user.cookie,
      json: { password: PASSWORD },
    });
    expect(right.status).toBe(200);
    expect(await exists(user.id)).toBe(false);
  });

  it("no answer carries a raw session token: list-sessions is gone, sign-in answers without one", async () => {
    const user = await signedInAs(context, "guest");
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toBeDefined();
    const listed = await call(context, "/list-sessions", { cookie: user.cookie });
    expect(listed.status).toBe(404);
    // The profile's device list reads the sessions on the server: ids, never tokens.
    const devices = await context.get(authContext).api.listSessions({
      headers: new Headers({ Cookie: user.cookie }),
    });
    expect(devices.length).toBeGreaterThan(0);
    for (const device of devices) {
      expect(device.id).toBeTruthy();
      expect(device).not.toHaveProperty("token");
    }

    const signedIn = await call(context, "/sign-in/email", {
      json: { email: user.email, password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toBeDefined();
    // The cookie's value is "<token>.<signature>": the token itself must not be in the body.
    const token = decodeURIComponent(cookie!.split(";")[0]!.split("=")[1]!).split(".")[0]!;
    expect(token.length).toBeGreaterThan(16);
    expect(signedIn.text).not.toContain(token);
    expect(JSON.parse(signedIn.text)).not.toHaveProperty("token");
    expect(JSON.parse(signedIn.text).user.email).toBe(user.email);
  });

  it("update-user is not reachable, and no endpoint stores an image for the account", async () => {
    const user = await signedInAs(context, "guest");
    const updated = await call(context, "/update-user", {
      cookie: user.cookie,
      json: { image: "javascript:alert(1)", name: "Mallory" },
    });
    expect(updated.status).toBe(404);

    const email = `image-${Date.now().toString(36)}@example.com`;
    const signedUp = await call(context, "/sign-up/email", {
      json: { email, password: PASSWORD, name: "x", image: "https://evil.example/track.gif" },
    });
    expect(signedUp.status).toBe(200);
    const rows = await handle.db
      .select({ id: users.id, image: users.image, name: users.name })
      .from(users)
      .where(eq(users.id, user.id));
    expect(rows[0]).toMatchObject({ image: null });
    const [created] = await handle.db
      .select({ image: users.image })
      .from(users)
      .where(eq(users.email, email));
    expect(created?.image).toBeNull();
  });

  it.each([
    ["GET", "/get-session"],
    ["GET", "/list-sessions"],
    ["POST", "/revoke-sessions"],
    ["POST", "/revoke-other-sessions"],
    ["POST", "/revoke-session"],
    ["POST", "/update-user"],
    ["POST", "/change-email"],
    ["POST", "/set-password"],
    ["POST", "/verify-password"],
    ["POST", "/send-verification-email"],
    ["POST", "/update-session"],
    ["GET", "/list-accounts"],
    ["POST", "/unlink-account"],
    // The new plugins' endpoints the product calls only from the server.
    ["GET", "/passkey/list-user-passkeys"],
    ["POST", "/passkey/delete-passkey"],
    ["POST", "/passkey/update-passkey"],
    ["POST", "/api-key/create"],
    ["GET", "/api-key/list"],
    ["POST", "/api-key/delete"],
    ["POST", "/api-key/update"],
    ["GET", "/token"],
    ["GET", "/jwks"],
    ["GET", "/delete-user/callback"],
    ["POST", "/two-factor/get-totp-uri"],
    ["POST", "/two-factor/generate-backup-codes"],
    ["GET", "/ok"],
    ["GET", "/error"],
  ] as const)("%s %s answers 404", async (method, path) => {
    const user = await signedInAs(context, "guest");
    const answer = await call(context, path, {
      method,
      cookie: user.cookie,
      json: method === "POST" ? { password: PASSWORD, currentPassword: PASSWORD } : undefined,
    });
    expect(answer.status).toBe(404);
  });

  it("the endpoints the forms use stay reachable", async () => {
    const user = await signedInAs(context, "guest");
    const signOut = await call(context, "/sign-out", { cookie: user.cookie, json: {} });
    expect(signOut.status).toBe(200);
    const reset = await call(context, "/request-password-reset", {
      json: { email: user.email, redirectTo: "/auth/reset-password" },
    });
    expect(reset.status).toBe(200);
    // A provider's flow starts here; with none configured the library itself refuses the
    // provider (its JSON answer, not the allowlist's plain 404).
    const provider = await call(context, "/sign-in/social", {
      json: { provider: "github", callbackURL: "/" },
    });
    expect(provider.status).toBe(404);
    expect(JSON.parse(provider.text)).toEqual({
      message: "Provider not found",
      code: "PROVIDER_NOT_FOUND",
    });
  });

  it("stores reset tokens hashed, and the mailed reset link still works", async () => {
    const ctx = testContext(handle);
    const user = await signedInAs(ctx, "guest");
    const asked = await call(ctx, "/request-password-reset", {
      json: { email: user.email, redirectTo: "/auth/reset-password" },
    });
    expect(asked.status).toBe(200);
    const link = outboxLinks(ctx, user.email).find((l) => l.includes("/reset-password/"));
    expect(link).toBeDefined();
    const token = new URL(link!).pathname.split("/").pop()!;
    const stored = await handle.db
      .select({ identifier: verifications.identifier })
      .from(verifications);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.identifier).not.toContain(token);

    // The link redirects to our form with the token, which sets the new password.
    const opened = await call(
      ctx,
      new URL(link!).pathname.replace("/api/auth", "") + new URL(link!).search,
    );
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get("Location")!, SITE);
    expect(location.pathname).toBe("/auth/reset-password");
    expect(location.searchParams.get("token")).toBe(token);
    const saved = await outcome(() =>
      resetRoute.action({
        request: request("/auth/reset-password", {
          form: {
            token,
            password: "a brand new password",
            confirmPassword: "a brand new password",
          },
        }),
        context: ctx,
        params: {},
      } as never),
    );
    expect(saved).toMatchObject({ status: 302, location: "/auth" });
    const again = await call(ctx, "/sign-in/email", {
      json: { email: user.email, password: "a brand new password" },
    });
    expect(again.status).toBe(200);
  });
});
