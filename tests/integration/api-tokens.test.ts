import { eq } from "drizzle-orm";
import fc from "fast-check";
import { createLocalJWKSet, decodeJwt, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import { handleApi } from "../../app/api/api.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { apiKeys, users } from "../../app/db/schema";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { setUserRole } from "../../app/roles/roles.server";
import * as jwksRoute from "../../app/routes/jwks";
import * as profile from "../../app/routes/profile";
import { outcome, postForm, request, signedInAs } from "../support/accounts";
import { assertPublishedShape } from "../support/api-contract";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { withClientIp } from "../support/runtime";
import { openForSuite } from "../support/suite";

// Personal API keys and service tokens: a key is shown once and stored as a hash,
// acts with its owner's role of the moment, and is refused on its next use once revoked; a service
// token verifies with a standard JWT library against /.well-known/jwks.json.

const SITE = "http://localhost:3000";

describe.each(testEngines())("API keys and service tokens on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let ip = 0;

  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  async function call(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) {
    const request = new Request(`${SITE}/api/v1/${path}`, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const ctx = withClientIp(context, `198.51.100.${(++ip % 250) + 1}`);
    const response = await handleApi(request, ctx, path);
    const text = await response.text();
    const parsed = text ? JSON.parse(text) : null;
    assertPublishedShape(method, path, response.status, parsed);
    return { status: response.status, body: parsed };
  }

  const post = (cookie: string, form: Record<string, string>) =>
    postForm(profile, context, "/profile", form, cookie);

  async function makeKey(cookie: string, name = "Build server") {
    const result = await post(cookie, { intent: "create-api-key", name });
    expect(result.status).toBe(200);
    const key = (result.body as { result?: { key?: string } }).result?.key;
    expect(key).toMatch(/^studio_/);
    return key as string;
  }

  const news = { title: "Written by a script", content: "Through an API key" };

  it("a key is shown once, stored only as a hash, and acts with its owner's role", async () => {
    const admin = await signedInAs(context, "admin");
    const key = await makeKey(admin.cookie);

    const [row] = await handle.db.select().from(apiKeys).where(eq(apiKeys.referenceId, admin.id));
    expect(row?.key).not.toBe(key);
    expect(JSON.stringify(row)).not.toContain(key);
    expect(key.startsWith(row?.start ?? "-")).toBe(true);

    const page = await outcome(() =>
      profile.loader({
        request: request("/profile", { cookie: admin.cookie }),
        context,
        params: {},
      } as never),
    );
    const listed = (page.body as { apiKeys: { name: string }[] }).apiKeys;
    expect(listed.map((k) => k.name)).toEqual(["Build server"]);
    expect(JSON.stringify(page.body)).not.toContain(key);

    const written = await call("POST", "news", { "x-api-key": key }, news);
    expect(written.status).toBe(201);
    expect(written.body.title).toBe(news.title);

    // A moderator's key may read messages but not write news: refused by the server.
    const moderator = await signedInAs(context, "moderator");
    const modKey = await makeKey(moderator.cookie);
    expect((await call("GET", "messages", { "x-api-key": modKey })).status).toBe(200);
    const refused = await call("POST", "news", { "x-api-key": modKey }, news);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden");
  });

  it("a revoked key is refused on its next request; another user cannot revoke it", async () => {
    const admin = await signedInAs(context, "admin");
    const key = await makeKey(admin.cookie);
    const [row] = await handle.db.select().from(apiKeys).where(eq(apiKeys.referenceId, admin.id));
    expect((await call("GET", "messages", { "x-api-key": key })).status).toBe(200);

    const stranger = await signedInAs(context, "owner");
    const theirs = await post(stranger.cookie, { intent: "revoke-api-key", keyId: row!.id });
    expect(theirs.status).toBe(404);
    expect(said(theirs.body).formError).toBe("That API key could not be found.");
    expect((await call("GET", "messages", { "x-api-key": key })).status).toBe(200);

    const revoked = await post(admin.cookie, { intent: "revoke-api-key", keyId: row!.id });
    expect(revoked.status).toBe(302);
    const after = await call("GET", "messages", { "x-api-key": key });
    expect(after.status).toBe(401);
    expect(after.body.error).toMatchObject({
      code: "unauthenticated",
      message: "The API key is not valid.",
    });
  });

  it("a demoted owner's key loses the role at once; a deleted account's keys go with it", async () => {
    const admin = await signedInAs(context, "admin");
    const key = await makeKey(admin.cookie);
    expect((await call("POST", "news", { "x-api-key": key }, news)).status).toBe(201);
    await setUserRole(context.get(runtimeContext).db, {
      userId: admin.id,
      role: "guest",
      assignedBy: null,
    });
    expect((await call("POST", "news", { "x-api-key": key }, news)).status).toBe(403);

    await handle.db.delete(users).where(eq(users.id, admin.id));
    expect(await handle.db.select().from(apiKeys).where(eq(apiKeys.referenceId, admin.id))).toEqual(
      [],
    );
    expect((await call("POST", "news", { "x-api-key": key }, news)).status).toBe(401);
  });

  it("names are checked and the number of keys is limited, with nothing made past it", async () => {
    const user = await signedInAs(context, "guest");
    for (const name of ["", "   ", "x".repeat(33), "bell\u0007name"]) {
      const answer = await post(user.cookie, { intent: "create-api-key", name });
      expect(answer.status).toBe(400);
    }
    const limit = context.get(runtimeContext).env.API_KEYS_PER_USER;
    for (let i = 0; i < limit; i++) await makeKey(user.cookie, `Key ${i}`);
    const over = await post(user.cookie, { intent: "create-api-key", name: "One more" });
    expect(over.status).toBe(409);
    expect(said(over.body).formError).toBe(
      `You already have ${limit} API keys. Revoke one you no longer use first.`,
    );
    const held = await handle.db.select().from(apiKeys).where(eq(apiKeys.referenceId, user.id));
    expect(held).toHaveLength(limit);
  });

  it("twenty keys made at once leave exactly the limit; the rest are refused with the limit's 409", async () => {
    const user = await signedInAs(context, "guest");
    const limit = context.get(runtimeContext).env.API_KEYS_PER_USER;
    const answers = await Promise.all(
      Array.from({ length: 2 * limit }, (_, i) =>
        post(user.cookie, { intent: "create-api-key", name: `Parallel ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(limit).fill(200), ...Array(limit).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(said(refused.body).formError).toBe(
        `You already have ${limit} API keys. Revoke one you no longer use first.`,
      );
    }
    const held = await handle.db.select().from(apiKeys).where(eq(apiKeys.referenceId, user.id));
    expect(held).toHaveLength(limit);
    // The keys kept are the ones shown; a refused creation shows none.
    const shown = answers.map((a) => (a.body as { result?: { key?: string } }).result?.key);
    expect(shown.filter(Boolean)).toHaveLength(limit);
  });

  it("a service token verifies with a standard JWT library against the published keys", async () => {
    const developer = await signedInAs(context, "developer");
    const key = await makeKey(developer.cookie);
    const issued = await call("POST", "auth/token", { "x-api-key": key });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ token_type: "Bearer", expires_in: 900 });
    const token = issued.body.access_token as string;

    const published = await jwksRoute.loader({ context } as never);
    expect(published.headers.get("Cache-Control")).toContain("max-age");
    const jwks = await published.json();
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const jwk of jwks.keys) expect(jwk).not.toHaveProperty("d");
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: context.get(runtimeContext).env.SITE_URL,
      audience: context.get(runtimeContext).env.SITE_URL,
    });
    expect(payload.sub).toBe(developer.id);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(900);

    const asBearer = await call("GET", "profiles", { Authorization: `Bearer ${token}` });
    expect(asBearer.status).toBe(200);

    // The exchange needs a valid key.
    const noKey = await call("POST", "auth/token", { "x-api-key": "studio_nothing" });
    expect(noKey.status).toBe(401);
  });

  it("tampered, foreign, expired and malformed tokens and keys are refused with 401, never 500", async () => {
    const developer = await signedInAs(context, "developer");
    const key = await makeKey(developer.cookie);
    const token = (await call("POST", "auth/token", { "x-api-key": key })).body
      .access_token as string;
    const [head, body, signature] = token.split(".");
    const claims = decodeJwt(token);

    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url")}.${signature}`;
    const { privateKey } = await generateKeyPair("EdDSA");
    const foreign = await new SignJWT({ sub: developer.id })
      .setProtectedHeader({ alg: "EdDSA", kid: "not-ours" })
      .setIssuer(context.get(runtimeContext).env.SITE_URL)
      .setAudience(context.get(runtimeContext).env.SITE_URL)
      .setExpirationTime("10m")
      .sign(privateKey);
    const expired = (
      await context.get(authContext).api.signJWT({
        body: { payload: { sub: developer.id, iat: 1_000, exp: 2_000 } },
      })
    ).token;
    for (const bad of [forged, foreign, expired, `${head}.${body}.`, "a.b.c"]) {
      const answer = await call("GET", "profiles", { Authorization: `Bearer ${bad}` });
      expect(answer.status, bad).toBe(401);
      expect(answer.body.error.code).toBe("unauthenticated");
    }

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: "binary", maxLength: 300 }),
          fc.constantFrom("studio_", `${key}x`, key.slice(0, -1), "\u0000", "Bearer", "Bearer  "),
        ),
        fc.constantFrom("x-api-key", "authorization"),
        async (value, header) => {
          let headers: Record<string, string>;
          try {
            headers = { [header]: new Headers({ [header]: value }).get(header) ?? "" };
          } catch {
            return; // not a value any client could send
          }
          const answer = await call("GET", "profiles", headers);
          expect(answer.status).toBe(401);
        },
      ),
      { numRuns: 60 },
    );
  });
});
