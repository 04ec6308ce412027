import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createApiKey,
  missingRequirement,
  type ProcessPair,
  postForm,
  signIn,
  startProcessPair,
} from "./harness";

// Personal API keys and service tokens on two server processes sharing PostgreSQL:
// a key made on one works on both, revoking it on one is refused by the other on its very next
// request, and a service token made by one verifies on the other and against the published keys
// with a standard JWT library.

const skipped = await missingRequirement({});
const ADMIN = "admin@api-keys.test";
const SITE_URL = "http://127.0.0.1:9";

describe.skipIf(skipped !== null)(
  `API keys on two processes${skipped ? ` (skipped: ${skipped})` : ""}`,
  () => {
    let pair: ProcessPair | undefined;
    let servers: ProcessPair["servers"];

    beforeAll(async () => {
      pair = await startProcessPair({ name: "api-keys", admin: ADMIN, siteUrl: SITE_URL });
      servers = pair.servers;
    });

    afterAll(async () => {
      await pair?.stop();
    });

    const messages = (base: string, key: string) =>
      fetch(`${base}/api/v1/messages`, { headers: { "x-api-key": key } });

    it("a key works on both processes and is refused on the other right after it is revoked", async () => {
      const [a, b] = servers.map((server) => server.url) as [string, string];
      const cookie = await signIn(a, ADMIN);
      const key = await createApiKey(a, cookie, "Shared");
      expect((await messages(a, key)).status).toBe(200);
      expect((await messages(b, key)).status).toBe(200);

      // The service token: made by A, accepted by B, verified against B's published keys.
      const issued = await fetch(`${a}/api/v1/auth/token`, {
        method: "POST",
        headers: { "x-api-key": key },
      });
      expect(issued.status).toBe(200);
      const { access_token: token } = (await issued.json()) as { access_token: string };
      const onB = await fetch(`${b}/api/v1/messages`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(onB.status).toBe(200);
      const jwks = createRemoteJWKSet(new URL(`${b}/.well-known/jwks.json`));
      const { payload } = await jwtVerify(token, jwks, { issuer: SITE_URL, audience: SITE_URL });
      expect(payload.sub).toBeTruthy();

      // Revoked on A; B refuses the very next request.
      const page = await fetch(`${a}/profile`, { headers: { Cookie: cookie } });
      const keyId = /name="keyId" value="([^"]+)"/.exec(await page.text())?.[1] ?? "";
      expect(keyId).not.toBe("");
      expect(
        (await postForm(a, "/profile", cookie, { intent: "revoke-api-key", keyId })).status,
      ).toBe(302);
      const refused = await messages(b, key);
      expect(refused.status).toBe(401);
      expect((await messages(a, key)).status).toBe(401);
    });
  },
);
