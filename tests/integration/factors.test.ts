import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { passkeys, twoFactors, users } from "../../app/db/schema";
import type { AppContext } from "../../app/platform/server/context.server";
import * as auth from "../../app/routes/auth";
import * as profile from "../../app/routes/profile";
import { outcome, PASSWORD, postForm, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { openForSuite } from "../support/suite";

// The account's sign-in factors (the spec's id, type, friendly name, status): the authenticator
// app and passkeys listed together, renamed by their owner only, and the last one removed only
// with the password. Passkeys are written here as the passkey plugin stores them; the browser test
// (tests/e2e/passkeys.spec.ts) makes real ones with a virtual authenticator.

describe.each(testEngines())("sign-in factors on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  let n = 0;
  async function addPasskey(userId: string, name: string | null) {
    const id = `pk-${++n}-${engine.name}`;
    await handle.db.insert(passkeys).values({
      id,
      name,
      userId,
      publicKey: "cHVibGlj",
      credentialID: `cred-${id}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      createdAt: new Date(Date.UTC(2026, 10, 1, 12, n)),
    });
    return id;
  }

  const post = (cookie: string, form: Record<string, string>) =>
    postForm(profile, context, "/profile", form, cookie);
  const page = async (cookie: string) =>
    (
      await outcome(() =>
        profile.loader({ request: request("/profile", { cookie }), context, params: {} } as never),
      )
    ).body as {
      factors: { id: string; type: string; friendlyName: string; status: string }[];
      user: { hasSecondFactor: boolean };
    };

  it("lists the app and each passkey with id, type, name and status; a passkey answers the owner's banner", async () => {
    const owner = await signedInAs(context, "owner");
    expect((await page(owner.cookie)).factors).toEqual([]);
    expect((await page(owner.cookie)).user.hasSecondFactor).toBe(false);

    // An authenticator app enrolled but not yet confirmed is a factor in waiting.
    await handle.db.insert(twoFactors).values({
      id: `tf-${engine.name}-${n}`,
      userId: owner.id,
      secret: "s",
      backupCodes: "c",
      verified: false,
    });
    let listed = await page(owner.cookie);
    expect(listed.factors).toEqual([
      expect.objectContaining({
        type: "totp",
        friendlyName: "Authenticator app",
        status: "unverified",
      }),
    ]);
    expect(listed.user.hasSecondFactor).toBe(false);

    const first = await addPasskey(owner.id, "Work laptop");
    const second = await addPasskey(owner.id, null);
    listed = await page(owner.cookie);
    expect(listed.factors.map((f) => [f.type, f.friendlyName, f.status])).toEqual([
      ["totp", "Authenticator app", "unverified"],
      ["webauthn", "Work laptop", "verified"],
      ["webauthn", "Passkey", "verified"],
    ]);
    expect(listed.factors.map((f) => f.id).slice(1)).toEqual([first, second]);
    expect(listed.user.hasSecondFactor).toBe(true);
  });

  it("renames a factor of one's own; another user's is not found and stays as it was", async () => {
    const user = await signedInAs(context, "guest");
    const other = await signedInAs(context, "admin");
    const mine = await addPasskey(user.id, "Phone");
    const theirs = await addPasskey(other.id, "Their key");

    expect(
      (await post(user.cookie, { intent: "rename-factor", factorId: mine, name: "  My phone " }))
        .status,
    ).toBe(302);
    const refused = await post(user.cookie, {
      intent: "rename-factor",
      factorId: theirs,
      name: "Mine now",
    });
    expect(refused.status).toBe(404);
    expect(said(refused.body).formError).toBe("That sign-in method could not be found.");
    for (const name of ["", "x".repeat(41), "nul\u0000"]) {
      expect(
        (await post(user.cookie, { intent: "rename-factor", factorId: mine, name })).status,
      ).toBe(400);
    }
    const names = await handle.db.select({ id: passkeys.id, name: passkeys.name }).from(passkeys);
    expect(names.find((p) => p.id === mine)?.name).toBe("My phone");
    expect(names.find((p) => p.id === theirs)?.name).toBe("Their key");
  });

  it("removes a passkey while another factor remains; the last one only with the right password", async () => {
    const user = await signedInAs(context, "developer");
    const other = await signedInAs(context, "guest");
    const a = await addPasskey(user.id, "A");
    const b = await addPasskey(user.id, "B");
    const theirs = await addPasskey(other.id, "Theirs");

    expect((await post(user.cookie, { intent: "remove-passkey", factorId: theirs })).status).toBe(
      404,
    );
    expect((await post(user.cookie, { intent: "remove-passkey", factorId: a })).status).toBe(302);

    const noPassword = await post(user.cookie, { intent: "remove-passkey", factorId: b });
    expect(noPassword.status).toBe(400);
    expect(said(noPassword.body).errors?.password).toBe(
      "Enter your password to remove your last passkey.",
    );
    const wrong = await post(user.cookie, {
      intent: "remove-passkey",
      factorId: b,
      password: "not the password",
    });
    expect(wrong.status).toBe(400);
    expect(said(wrong.body).errors?.password).toBe("Invalid password");
    const kept = await handle.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(kept.map((p) => p.id)).toEqual([b]);

    expect(
      (await post(user.cookie, { intent: "remove-passkey", factorId: b, password: PASSWORD }))
        .status,
    ).toBe(302);
    expect(await handle.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect(await handle.db.select().from(passkeys).where(eq(passkeys.id, theirs))).toHaveLength(1);
  });

  it("a passkey goes with its account", async () => {
    const user = await signedInAs(context, "guest");
    await addPasskey(user.id, "Gone soon");
    await handle.db.delete(users).where(eq(users.id, user.id));
    expect(await handle.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });

  it("a passkey sign-in with a missing or unreadable answer is refused on the form, never a 500", async () => {
    for (const response of [undefined, "", "not json", "[]", "null", "x".repeat(20_001)]) {
      const form: Record<string, string> = { intent: "passkey", redirectTo: "/" };
      if (response !== undefined) form.response = response;
      const answer = await outcome(() =>
        auth.action({ request: request("/auth", { form }), context, params: {} } as never),
      );
      expect(answer.status, String(response).slice(0, 20)).toBe(400);
    }
    // A well-formed answer the plugin never challenged is refused by the plugin.
    const forged = await outcome(() =>
      auth.action({
        request: request("/auth", {
          form: {
            intent: "passkey",
            redirectTo: "/",
            response: JSON.stringify({ id: "x", rawId: "x", type: "public-key", response: {} }),
          },
        }),
        context,
        params: {},
      } as never),
    );
    // No challenge was issued to this browser: refused before any credential is looked up.
    expect(forged.status).toBe(400);
    expect(said(forged.body).formError).toBe("Challenge not found");
    expect(forged.location).toBeNull();
  });
});
