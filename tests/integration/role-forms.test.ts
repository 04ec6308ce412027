import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { userRoles } from "../../app/db/schema";
import type { AppContext } from "../../app/platform/server/context.server";
import { answerRoleForm } from "../../app/roles/role-forms.server";
import * as roleManagement from "../../app/routes/role-management";
import { outcome, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { openForSuite } from "../support/suite";

// The role forms' answers on the server (docs/product.md#role-management): the form contract's
// reply with the status of each refusal, and nothing changed when refused.
describe.each(testEngines())("role management forms on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  const roleOf = async (userId: string) =>
    (await handle.db.select().from(userRoles).where(eq(userRoles.userId, userId)))[0]?.role ??
    "guest";
  const post = (cookie: string, form: Record<string, string>) =>
    outcome(() =>
      roleManagement.action({
        request: request("/role-management", { cookie, form }),
        context,
        params: {},
      } as never),
    );

  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  it("the last owner is refused with 409 and the spec's sentence, by select and by email", async () => {
    const owner = await signedInAs(context, "owner");
    const lastOwner =
      "The last owner cannot be given another role. Make someone else an owner first.";
    const bySelect = await post(owner.cookie, { intent: "set", userId: owner.id, role: "guest" });
    expect(bySelect.status).toBe(409);
    expect(said(bySelect.body).formError).toBe(lastOwner);
    const byEmail = await post(owner.cookie, {
      intent: "assign",
      email: owner.email,
      role: "admin",
    });
    expect(byEmail.status).toBe(409);
    expect(said(byEmail.body).formError).toBe(lastOwner);
    expect(await roleOf(owner.id)).toBe("owner");
  });

  it("an unknown address is a 404 that keeps the typed address", async () => {
    const owner = await signedInAs(context, "owner");
    const result = await post(owner.cookie, {
      intent: "assign",
      email: "nobody@example.com",
      role: "admin",
    });
    expect(result.status).toBe(404);
    expect(said(result.body).formError).toBe("User not found with that email");
    expect(said(result.body).values).toMatchObject({ email: "nobody@example.com" });
  });

  it("a role outside the five is a 400 on the role field, and changes nothing", async () => {
    const owner = await signedInAs(context, "owner");
    const target = await signedInAs(context, "guest");
    const result = await post(owner.cookie, { intent: "set", userId: target.id, role: "root" });
    expect(result.status).toBe(400);
    expect(said(result.body).errors).toEqual({ role: "Choose one of the five roles" });
    expect(await roleOf(target.id)).toBe("guest");
  });

  it("an unknown user id is refused with 'Failed to update role'", async () => {
    const owner = await signedInAs(context, "owner");
    const result = await post(owner.cookie, { intent: "set", userId: "nobody", role: "admin" });
    expect(result.status).toBe(400);
    expect(said(result.body).formError).toBe("Failed to update role");
  });

  it.each(["guest", "moderator", "admin", "developer"] as const)(
    "a %s reaching the write is refused with 403 and changes nothing",
    async (role) => {
      const actor = await signedInAs(context, role);
      const target = await signedInAs(context, "guest");
      const forms: Record<string, string>[] = [
        { intent: "assign", email: target.email, role: "owner" },
        { intent: "set", userId: target.id, role: "owner" },
      ];
      for (const form of forms) {
        const result = await outcome(() =>
          answerRoleForm(request("/role-management", { cookie: actor.cookie, form }), context, {
            id: actor.id,
            email: actor.email,
            role,
          }),
        );
        expect(result.status).toBe(403);
        expect(said(result.body).formError).toBe("Only owners can access role management");
      }
      expect(await roleOf(target.id)).toBe("guest");
    },
  );
});
