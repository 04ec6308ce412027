import { describe, expect, it } from "vitest";
import type { AppContext } from "../../app/platform/server/context.server";
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
