import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { staffAuditLog, staffInvitations, userRoles, users } from "../../app/db/schema";
import { answerInvitationForm } from "../../app/invitations/invitation-forms.server";
import { INVITATION_REFUSALS } from "../../app/invitations/invitation-rules";
import { createInvitation } from "../../app/invitations/invitations.server";
import type { AppContext } from "../../app/platform/server/context.server";
import { runtimeContext } from "../../app/platform/server/context.server";
import * as invitationPage from "../../app/routes/auth-invitation";
import * as roleManagement from "../../app/routes/role-management";
import { outcome, PASSWORD, postForm, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { mailsIn, outboxLinks } from "../support/outbox";
import { said } from "../support/reply";
import { openForSuite } from "../support/suite";
import { uniqueEmail } from "../support/users";

// Staff invitations on the server (docs/product.md#staff-invitations): the owner's three forms on
// /role-management, and the link's page, with what each refusal leaves unchanged.
describe.each(testEngines())("staff invitations on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;
  let owner: Awaited<ReturnType<typeof signedInAs>>;

  openForSuite(engine, async (opened) => {
    ({ handle, context } = opened);
    owner = await signedInAs(context, "owner");
  });

  const manage = (form: Record<string, string>, cookie = owner.cookie) =>
    postForm(roleManagement, context, "/role-management", form, cookie);
  const invite = (email: string, role = "moderator") => manage({ intent: "invite", email, role });
  const tokenFor = (email: string) => {
    const link = outboxLinks(context, email).at(-1);
    if (!link) throw new Error(`no invitation mail to ${email}`);
    return new URL(link).searchParams.get("token") ?? "";
  };
  const openPage = (token: string, cookie?: string) =>
    outcome(() =>
      invitationPage.loader({
        request: request(`/auth/invitation?token=${token}`, { cookie }),
        context,
        params: {},
      } as never),
    );
  const answer = (form: Record<string, string>, cookie?: string) =>
    postForm(invitationPage, context, "/auth/invitation", form, cookie);
  const createAccount = (token: string) =>
    answer({ intent: "create", token, password: PASSWORD, confirmPassword: PASSWORD });
  const invitationOf = async (email: string) =>
    (await handle.db.select().from(staffInvitations).where(eq(staffInvitations.email, email)))[0];
  const roleOf = async (email: string) => {
    const [row] = await handle.db
      .select({ role: userRoles.role })
      .from(users)
      .leftJoin(userRoles, eq(userRoles.userId, users.id))
      .where(eq(users.email, email));
    return row ? (row.role ?? "guest") : null;
  };
  const audited = async (action: string, subjectId: string) =>
    handle.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.action, action), eq(staffAuditLog.subjectId, subjectId)));

  it("an invitation is stored with its token's hash only, mailed, and audited", async () => {
    const email = uniqueEmail("invitee");
    const sent = await invite(email.toUpperCase(), "admin");
    expect(sent).toMatchObject({ status: 302, location: "/role-management" });
    const row = await invitationOf(email);
    expect(row).toMatchObject({ email, role: "admin", invitedBy: owner.id, acceptedAt: null });
    const token = tokenFor(email);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(row?.tokenHash).not.toContain(token);
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    const [entry] = await audited("invitation.create", row!.id);
    expect(entry).toMatchObject({ actorId: owner.id, details: { email, role: "admin" } });
    expect(JSON.stringify(entry)).not.toContain(token);
    // A reply to the invitation goes to the person who sent it, not to the site's sender.
    const [mail] = mailsIn(path.join(context.get(runtimeContext).env.DATA_DIR, "outbox"), email);
    expect(mail!.headers["reply-to"]).toBe(owner.email);
  });

  it("bad input gets its field's message and stores nothing", async () => {
    const email = uniqueEmail("bad");
    const noRole = await invite(email, "owner");
    expect(noRole.status).toBe(400);
    expect(said(noRole.body).errors).toEqual({ role: "Choose Moderator, Admin or Developer" });
    const noAddress = await invite("not an address", "admin");
    expect(said(noAddress.body).errors).toEqual({ email: "Invalid email address" });
    expect(await invitationOf(email)).toBeUndefined();
  });

  it("a second invitation to an open address, or one to an owner, is refused", async () => {
    const email = uniqueEmail("twice");
    await invite(email);
    const again = await invite(email, "developer");
    expect(again.status).toBe(409);
    expect(said(again.body).errors).toEqual({
      email: "That address already has an open invitation. Resend or revoke it below.",
    });
    expect((await invitationOf(email))?.role).toBe("moderator");
    const toOwner = await invite(owner.email);
    expect(toOwner.status).toBe(409);
    expect(await invitationOf(owner.email)).toBeUndefined();
  });

  it("the invited person creates the account from the link and arrives with the role", async () => {
    const email = uniqueEmail("newcomer");
    await invite(email, "developer");
    const token = tokenFor(email);
    const page = await openPage(token);
    expect(page.body).toMatchObject({ state: "sign-up", email, role: "developer" });
    const created = await createAccount(token);
    expect(created).toMatchObject({ status: 302, location: "/admin" });
    expect(await roleOf(email)).toBe("developer");
    const [user] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    const row = await invitationOf(email);
    expect(row?.acceptedBy).toBe(user?.id);
    expect(await audited("invitation.accept", row!.id)).toHaveLength(1);

    // The link works once.
    const reused = await openPage(token);
    expect(reused).toMatchObject({ status: 410 });
    expect(reused.body).toEqual({ state: "refused", message: INVITATION_REFUSALS.accepted });
    const again = await createAccount(token);
    expect(again.status).toBe(409);
    expect(said(again.body).formError).toBe(INVITATION_REFUSALS.accepted);
  });

  it("an expired link is refused with its sentence and creates nothing", async () => {
    const email = uniqueEmail("late");
    let token = "";
    await createInvitation(handle.db, {
      email,
      role: "moderator",
      by: owner,
      now: new Date(Date.now() - 8 * 86_400_000),
      send: async (mail) => {
        token = mail.token;
      },
    });
    const page = await openPage(token);
    expect(page.status).toBe(410);
    expect(page.body).toEqual({ state: "refused", message: INVITATION_REFUSALS.expired });
    const created = await createAccount(token);
    expect(created.status).toBe(409);
    expect(said(created.body).formError).toBe(INVITATION_REFUSALS.expired);
    expect(await roleOf(email)).toBeNull();
    expect((await invitationOf(email))?.acceptedAt).toBeNull();
  });

  it("resend mails a new link that works seven more days; the old one dies", async () => {
    const email = uniqueEmail("resent");
    await invite(email);
    const first = tokenFor(email);
    const row = await invitationOf(email);
    const resent = await manage({ intent: "resend", invitationId: row!.id });
    expect(resent).toMatchObject({ status: 302, location: "/role-management" });
    const second = tokenFor(email);
    expect(second).not.toBe(first);
    expect((await openPage(first)).body).toEqual({
      state: "refused",
      message: INVITATION_REFUSALS.unknown,
    });
    expect((await openPage(second)).body).toMatchObject({ state: "sign-up" });
    expect((await invitationOf(email))!.expiresAt.getTime()).toBeGreaterThanOrEqual(
      row!.expiresAt.getTime(),
    );
    expect(await audited("invitation.resend", row!.id)).toHaveLength(1);
  });

  it("a revoked link is refused and changes nothing; a revoked invitation cannot be resent", async () => {
    const email = uniqueEmail("revoked");
    await invite(email);
    const token = tokenFor(email);
    const row = await invitationOf(email);
    expect(await manage({ intent: "revoke", invitationId: row!.id })).toMatchObject({
      status: 302,
    });
    expect((await openPage(token)).body).toEqual({
      state: "refused",
      message: INVITATION_REFUSALS.revoked,
    });
    const created = await createAccount(token);
    expect(said(created.body).formError).toBe(INVITATION_REFUSALS.revoked);
    expect(await roleOf(email)).toBeNull();
    const resend = await manage({ intent: "resend", invitationId: row!.id });
    expect(resend.status).toBe(404);
    expect(await audited("invitation.revoke", row!.id)).toHaveLength(1);
    // Revoked, the address may be invited again.
    expect((await invite(email)).status).toBe(302);
  });

  it("an existing account gets the role when it accepts, signed in as the address", async () => {
    const member = await signedInAs(context, "guest");
    await invite(member.email, "admin");
    const token = tokenFor(member.email);
    expect((await openPage(token)).body).toMatchObject({ state: "sign-in" });
    expect((await openPage(token, member.cookie)).body).toMatchObject({ state: "accept" });
    // A new account for an address that has one is refused.
    const create = await createAccount(token);
    expect(create.status).toBe(409);
    // Someone else's session cannot take it.
    const other = await signedInAs(context, "guest");
    expect((await openPage(token, other.cookie)).body).toMatchObject({ state: "other-account" });
    const stolen = await answer({ intent: "accept", token }, other.cookie);
    expect(stolen.status).toBe(403);
    expect(await roleOf(other.email)).toBe("guest");
    const accepted = await answer({ intent: "accept", token }, member.cookie);
    expect(accepted).toMatchObject({ status: 302, location: "/admin" });
    expect(await roleOf(member.email)).toBe("admin");
    expect((await invitationOf(member.email))?.acceptedBy).toBe(member.id);
  });

  it("two tabs accepting at once: exactly one wins", async () => {
    const member = await signedInAs(context, "guest");
    await invite(member.email, "moderator");
    const token = tokenFor(member.email);
    const both = await Promise.all([
      answer({ intent: "accept", token }, member.cookie),
      answer({ intent: "accept", token }, member.cookie),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([302, 409]);
    const row = await invitationOf(member.email);
    expect(await audited("invitation.accept", row!.id)).toHaveLength(1);

    const email = uniqueEmail("racer");
    await invite(email, "admin");
    const fresh = tokenFor(email);
    const created = await Promise.all([createAccount(fresh), createAccount(fresh)]);
    expect(created.map((r) => r.status).sort()).toEqual([302, 409]);
    expect(await handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await roleOf(email)).toBe("admin");
  });

  it.each(["guest", "moderator", "admin", "developer"] as const)(
    "a %s reaching the invitation forms is refused with 403 and changes nothing",
    async (role) => {
      const actor = await signedInAs(context, role);
      const email = uniqueEmail("target");
      await invite(email);
      const row = await invitationOf(email);
      const mails = outboxLinks(context, email).length;
      const forms: Record<string, string>[] = [
        { intent: "invite", email: uniqueEmail("other"), role: "admin" },
        { intent: "resend", invitationId: row!.id },
        { intent: "revoke", invitationId: row!.id },
      ];
      for (const form of forms) {
        const result = await outcome(() =>
          answerInvitationForm(
            request("/role-management", { cookie: actor.cookie, form }),
            context,
            {
              ...actor,
              role,
            },
          ),
        );
        expect(result.status).toBe(403);
        expect(said(result.body).formError).toBe("Only owners can access role management");
        // Through the route, the guard sends them home first.
        expect(await manage(form, actor.cookie)).toMatchObject({ status: 302, location: "/" });
      }
      expect(await invitationOf(email)).toEqual(row);
      expect(outboxLinks(context, email)).toHaveLength(mails);
    },
  );

  it("invitations are rate-limited per owner", async () => {
    const busy = await signedInAs(context, "owner");
    const { limits } = context.get(runtimeContext);
    const sendAs = (email: string) =>
      postForm(
        roleManagement,
        context,
        "/role-management",
        { intent: "invite", email, role: "moderator" },
        busy.cookie,
      );
    for (let i = 0; i < limits.staffInvitations.points; i++) {
      expect((await sendAs(uniqueEmail(`flood${i}`))).status).toBe(302);
    }
    const refused = await sendAs(uniqueEmail("one-too-many"));
    expect(refused.status).toBe(429);
    expect(said(refused.body).formError).toMatch(/^Too many invitations sent\. Try again in/);
  });
});
