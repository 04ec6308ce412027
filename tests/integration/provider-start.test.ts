import http from "node:http";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as auth from "../../app/routes/auth";
import * as profile from "../../app/routes/profile";
import { postForm, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { testContext } from "../support/runtime";
import { openForSuite } from "../support/suite";

// Starting a provider's sign-in or link: a provider this deployment did not configure
// is refused in words; one that is down, whose discovery document is read when a flow starts, says
// so in a sentence of ours (503, try again), never the library's "Provider not found", and the
// site itself is not affected.

/** An address on loopback where nothing listens: connections are refused at once. */
async function closedAddress(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/realms/studio`;
}

const UNREACHABLE = "That sign-in service could not be reached. Please try again in a moment.";

describe.each(testEngines())("a provider that is down, on $name", (engine) => {
  let context: AppContext;
  openForSuite(engine, async ({ handle }) => {
    context = testContext(handle, {
      env: {
        OIDC_ISSUER: await closedAddress(),
        OIDC_CLIENT_ID: "studio-site",
        OIDC_CLIENT_SECRET: "a-client-secret",
        OIDC_NAME: "Studio ID",
      },
    });
  });

  it("refuses to start a sign-in with a sentence that says so, and sends nowhere", async () => {
    const answer = await postForm(auth, context, "/auth", {
      intent: "provider",
      provider: "oidc",
      redirectTo: "/",
    });
    expect(answer.status).toBe(503);
    expect(said(answer.body).formError).toBe(UNREACHABLE);
    expect(answer.location).toBeNull();
  });

  it("refuses a provider this deployment did not configure, by sign-in or by link", async () => {
    const user = await signedInAs(context, "guest");
    const answers = [
      await postForm(auth, context, "/auth", { intent: "provider", provider: "github" }),
      await postForm(
        profile,
        context,
        "/profile",
        { intent: "link-provider", provider: "github" },
        user.cookie,
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(said(answer.body).formError).toBe("That sign-in service is not available.");
    }
  });

  it("refuses to start a link from the profile the same way", async () => {
    const user = await signedInAs(context, "guest");
    const answer = await postForm(
      profile,
      context,
      "/profile",
      { intent: "link-provider", provider: "oidc" },
      user.cookie,
    );
    expect(answer.status).toBe(503);
    expect(said(answer.body).formError).toBe(UNREACHABLE);
  });
});

describe.each(testEngines())(
  "a return address the auth library would refuse, on $name",
  (engine) => {
    // A provider that counts what it is asked: a refused address must not reach it.
    const asked: string[] = [];
    const provider = http.createServer((request, response) => {
      asked.push(request.url ?? "");
      response.writeHead(503).end();
    });
    let context: AppContext;
    openForSuite(engine, async ({ handle }) => {
      await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
      const { port } = provider.address() as net.AddressInfo;
      context = testContext(handle, {
        env: {
          OIDC_ISSUER: `http://127.0.0.1:${port}/realms/studio`,
          OIDC_CLIENT_ID: "studio-site",
          OIDC_CLIENT_SECRET: "a-client-secret",
          OIDC_NAME: "Studio ID",
        },
      });
      // The library reads the discovery document once as it starts (and again, while it is
      // missing, when a flow starts); what the tests count is only what a flow asks.
      await context.get(authContext).$context;
    });
    afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

    // Same-site paths our redirects accept, which the library refuses as callback addresses
    // (an encoded or backward slash in the path reads differently to browsers and routers).
    it.each(["/news%2F..%2Fadmin", "/news%5Cx", "/a\\b"])(
      "refuses %s with a 400 that says so, before the provider is asked",
      async (redirectTo) => {
        asked.length = 0;
        const answer = await postForm(auth, context, "/auth", {
          intent: "provider",
          provider: "oidc",
          redirectTo,
        });
        expect(answer.status).toBe(400);
        expect(said(answer.body).formError).toBe(
          "The page to return to after signing in is not a valid address on this site.",
        );
        expect(answer.location).toBeNull();
        expect(asked).toEqual([]);
      },
    );
  },
);
