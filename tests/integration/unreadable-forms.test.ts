import { describe, expect, it } from "vitest";
import { UNREADABLE_FORM } from "../../app/platform/forms/read-form.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as adminGames from "../../app/routes/admin-games";
import * as adminMessages from "../../app/routes/admin-messages";
import * as adminNews from "../../app/routes/admin-news";
import * as auth from "../../app/routes/auth";
import * as forgot from "../../app/routes/auth-forgot-password";
import * as invitation from "../../app/routes/auth-invitation";
import * as reset from "../../app/routes/auth-reset-password";
import * as setupOwner from "../../app/routes/auth-setup-owner";
import * as twoFactor from "../../app/routes/auth-two-factor";
import * as contact from "../../app/routes/contact";
import * as profile from "../../app/routes/profile";
import * as roleManagement from "../../app/routes/role-management";
import { signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { unwrap } from "../support/runtime";
import { openForSuite } from "../support/suite";

// Found by the fuzz suite: a body that is not a form (a JSON post, a raw upload, a multipart body
// without its boundary) made request.formData() throw, and every form action answered 500.
const actions = {
  "/auth": auth.action,
  "/auth/forgot-password": forgot.action,
  "/auth/invitation": invitation.action,
  "/auth/reset-password": reset.action,
  "/auth/setup-owner": setupOwner.action,
  "/auth/two-factor": twoFactor.action,
  "/profile": profile.action,
  "/admin/messages": adminMessages.action,
  "/admin/news": adminNews.action,
  "/admin/games": adminGames.action,
  "/role-management": roleManagement.action,
} as Record<string, (args: unknown) => Promise<unknown>>;

const BODIES: [string, string][] = [
  ["application/json", '{"intent":"login"}'],
  ["application/octet-stream", ""],
  ["multipart/form-data", "no boundary"],
  ["text/plain", "title=x"],
];

describe.each(testEngines())("actions given a body that is not a form, on $name", (engine) => {
  let context: AppContext;
  let cookie: string;

  openForSuite(engine, async (opened) => {
    ({ context } = opened);
    cookie = (await signedInAs(context, "owner")).cookie;
  });

  it.each(Object.keys(actions))("%s answers 400, not 500", async (path) => {
    for (const [type, body] of BODIES) {
      const request = new Request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { Origin: "http://localhost:3000", Cookie: cookie, "Content-Type": type },
        body,
      });
      let status: number;
      let told: unknown;
      try {
        const result = unwrap(await actions[path]!({ request, context, params: {} }));
        status = result.status;
        told = result.body;
      } catch (thrown) {
        const error = thrown as { type?: string; data?: unknown; init?: { status?: number } };
        expect(error.type, `${path} with ${type} threw ${String(thrown)}`).toBe(
          "DataWithResponseInit",
        );
        status = error.init?.status ?? 200;
        told = error.data;
      }
      expect(status, `${path} with ${type}`).toBe(400);
      expect(told).toBe(UNREADABLE_FORM);
    }
  });

  it("the contact form keeps its own page and says the same", async () => {
    const request = new Request("http://localhost:3000/contact", {
      method: "POST",
      headers: { Origin: "http://localhost:3000", "Content-Type": "application/json" },
      body: "{}",
    });
    const { status, body } = unwrap(
      await contact.action({ request, context, params: {} } as never),
    );
    expect(status).toBe(400);
    expect(said(body).formError).toBe(UNREADABLE_FORM);
  });
});
