import net from "node:net";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import * as auth from "../../app/routes/auth";
import * as profile from "../../app/routes/profile";
import { postForm, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { testContext } from "../support/runtime";
import { openForSuite } from "../support/suite";

// Starting a provider's sign-in or link (decision 051): a provider this deployment did not configure
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
  let context: AppLoadContext;
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
