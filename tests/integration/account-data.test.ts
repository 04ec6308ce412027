import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { contactMessages, users } from "../../app/db/schema";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import * as authRoute from "../../app/routes/auth";
import * as avatarsRoute from "../../app/routes/avatars";
import * as contactRoute from "../../app/routes/contact";
import * as profileRoute from "../../app/routes/profile";
import * as avatarRoute from "../../app/routes/profile-avatar";
import * as exportRoute from "../../app/routes/profile-export";
import { outcome, PASSWORD, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { testContext } from "../support/runtime";
import { startS3 } from "../support/s3";
import { uniqueEmail } from "../support/users";

// What belongs to an account (its contact messages, its avatar) is exported with it and goes with
// it, and nothing else does.

// Many messages from one test address: the contact limit is not what these tests are about.
const contextFor = (handle: DatabaseHandle, env: Record<string, string> = {}) =>
  testContext(handle, { env: { CONTACT_RATE_LIMIT: "1000", ...env } });

async function sendContact(context: AppContext, email: string, subject: string, cookie?: string) {
  const req = request("/contact", {
    cookie,
    form: { name: "Sender", email, subject, message: "Hello there." },
  });
  const result = await outcome(() =>
    contactRoute.action({ request: req, context, params: {} } as never),
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

async function exported(context: AppContext, cookie: string) {
  const response = (await exportRoute.loader({
    request: request("/profile/export", { cookie }),
    context,
    params: {},
  } as never)) as Response;
  expect(response.status).toBe(200);
  return (await response.json()) as { messages: { subject: string; email: string }[] };
}

async function deleteAccount(context: AppContext, cookie: string) {
  return outcome(() =>
    profileRoute.action({
      request: request("/profile", {
        cookie,
        form: { intent: "delete-account", password: PASSWORD },
      }),
      context,
      params: {},
    } as never),
  );
}

describe.each(testEngines())("contact messages of an account on $name", (engine) => {
  let handle: DatabaseHandle;
  const subjects = async () =>
    (await handle.db.select({ subject: contactMessages.subject }).from(contactMessages)).map(
      (row) => row.subject,
    );

  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("an unverified account with someone else's address neither exports nor erases their messages", async () => {
    const context = contextFor(handle, { REQUIRE_EMAIL_VERIFICATION: "false" });
    const victim = uniqueEmail("victim");
    await sendContact(context, victim, "Victim's own message");

    // Someone registers with the victim's address; without required verification they get in.
    const registered = await outcome(() =>
      authRoute.action({
        request: request("/auth", {
          form: {
            intent: "register",
            email: victim,
            password: PASSWORD,
            confirmPassword: PASSWORD,
          },
        }),
        context,
        params: {},
      } as never),
    );
    expect(registered).toMatchObject({ status: 302, location: "/" });
    const [account] = await handle.db.select().from(users).where(eq(users.email, victim));
    expect(account?.emailVerified).toBe(false);
    const { headers } = await context.get(authContext).api.signInEmail({
      body: { email: victim, password: PASSWORD },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // What they send while signed in is theirs, whatever address they type.
    await sendContact(context, uniqueEmail("typed"), "Impostor's signed-in message", cookie);

    const data = await exported(context, cookie);
    expect(data.messages.map((m) => m.subject)).toEqual(["Impostor's signed-in message"]);

    expect(await deleteAccount(context, cookie)).toMatchObject({ status: 302, location: "/" });
    const left = await subjects();
    expect(left).toContain("Victim's own message");
    expect(left).not.toContain("Impostor's signed-in message");
  });

  it("a verified account exports and erases the messages sent from its address and by it", async () => {
    const context = contextFor(handle);
    const email = uniqueEmail("verified");
    await sendContact(context, email, "Sent before signing up");
    await sendContact(context, uniqueEmail("someone"), "Someone else's message");
    const user = await signedInAs(context, "guest", email);
    await sendContact(context, uniqueEmail("other-address"), "Sent signed in", user.cookie);

    const data = await exported(context, user.cookie);
    expect(data.messages.map((m) => m.subject).sort()).toEqual([
      "Sent before signing up",
      "Sent signed in",
    ]);

    expect(await deleteAccount(context, user.cookie)).toMatchObject({ status: 302 });
    const left = await subjects();
    expect(left).toContain("Someone else's message");
    expect(left).not.toContain("Sent before signing up");
    expect(left).not.toContain("Sent signed in");
  });

  it("a message another signed-in user sent with this address stays theirs", async () => {
    const context = contextFor(handle);
    const email = uniqueEmail("address-owner");
    const author = await signedInAs(context, "guest");
    await sendContact(context, email, "Written by the author", author.cookie);
    const owner = await signedInAs(context, "guest", email);
    expect((await exported(context, owner.cookie)).messages).toEqual([]);
    await deleteAccount(context, owner.cookie);
    expect(await subjects()).toContain("Written by the author");
  });
});

async function uploadAvatar(context: AppContext, cookie: string) {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("avatar", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
  const body = new Request("http://localhost:3000/profile/avatar", { method: "POST", body: form });
  const bytes = await body.arrayBuffer();
  const req = new Request("http://localhost:3000/profile/avatar", {
    method: "POST",
    headers: {
      Origin: "http://localhost:3000",
      Cookie: cookie,
      "Content-Type": body.headers.get("Content-Type")!,
      "Content-Length": String(bytes.byteLength),
    },
    body: bytes,
  });
  const result = await outcome(() =>
    avatarRoute.action({ request: req, context, params: {} } as never),
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

async function avatarStatus(context: AppContext, userId: string) {
  const response = (await avatarsRoute.loader({
    request: new Request(`http://localhost:3000/avatars/${userId}/avatar.webp`),
    context,
    params: { userId, file: "avatar.webp" },
  } as never)) as Response;
  return response.status;
}

describe.each(testEngines())("a deleted account's avatar on $name", (engine) => {
  let handle: DatabaseHandle;
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    handle = await engine.open();
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.close();
    await handle?.close();
  });

  it("on local disk: the file is removed and the URL answers 404", async () => {
    const context = contextFor(handle);
    const user = await signedInAs(context, "guest");
    await uploadAvatar(context, user.cookie);
    const file = path.join(
      context.get(runtimeContext).env.DATA_DIR,
      "uploads",
      user.id,
      "avatar.webp",
    );
    expect(fs.existsSync(file)).toBe(true);
    expect(await avatarStatus(context, user.id)).toBe(200);

    expect(await deleteAccount(context, user.cookie)).toMatchObject({ status: 302 });
    expect(await avatarStatus(context, user.id)).toBe(404);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(path.dirname(file))).toBe(false);
  });

  it("on S3: the object is deleted and the URL answers 404", async () => {
    const context = contextFor(handle, s3.env);
    const user = await signedInAs(context, "guest");
    await uploadAvatar(context, user.cookie);
    expect(await s3.keys(`${user.id}/`)).toEqual([`${user.id}/avatar.webp`]);
    expect(await avatarStatus(context, user.id)).toBe(200);

    expect(await deleteAccount(context, user.cookie)).toMatchObject({ status: 302 });
    expect(await avatarStatus(context, user.id)).toBe(404);
    expect(await s3.keys(`${user.id}/`)).toEqual([]);
  });
});
