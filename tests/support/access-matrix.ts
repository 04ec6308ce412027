import { describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import type { AppContext } from "../../app/platform/server/context.server";
import type { Role } from "../../app/roles/permissions";
import { type FormFields, outcome, signedInAs } from "./accounts";
import { adminAction as callAdminAction } from "./admin";
import { testEngines } from "./database";
import { openForSuite } from "./suite";

// The role matrix (tests/integration/access-matrix*.test.ts): every guarded route, loader and
// action × every role (and signed out), asserted on the server's answer. Each row writes out its
// answers by hand, never computed from app/roles/permissions.ts.

export type Who = "signed out" | Role;
export const WHO: Who[] = ["signed out", "guest", "moderator", "admin", "developer", "owner"];

/** An answer: its status, where a redirect leads, and a text its body holds (a refusal's message). */
export type Expect = { status: number; location?: string; message?: string };
export const ok: Expect = { status: 200 };
export const toAuth: Expect = { status: 302, location: "/auth" };
// Signed out (or an expired session): sent to sign in, and brought back afterwards.
export const toAuthAndBack = (path: string): Expect => ({
  status: 302,
  location: `/auth?redirectTo=${encodeURIComponent(path)}`,
});
// A tab the role may not open: the dashboard's first tab instead.
export const toMessages: Expect = { status: 302, location: "/admin/messages" };
export const toHome: Expect = { status: 302, location: "/" };
// A role without the permission: the dashboard tabs' refusal (the news previews' and uploads' too).
export const forbidden: Expect = { status: 403, message: "Your role does not allow this." };
// The Announcements tab refuses other staff itself.
export const announcementsForbidden: Expect = {
  status: 403,
  message: "Only admins and above can manage announcements.",
};

export type Cell = {
  name: string;
  call: (context: AppContext, cookie: string | undefined, target: string) => Promise<unknown>;
  expect: Record<Who, Expect>;
};

// Each form posted to its intent's tab, as the dashboard posts it.
export const adminAction =
  (form: FormFields | (() => Promise<FormFields>)) =>
  async (context: AppContext, cookie: string | undefined) =>
    callAdminAction(context, typeof form === "function" ? await form() : form, cookie);

/** What a row stored, checked after its answer (the role-management rows). */
export type AfterCell = (run: {
  handle: DatabaseHandle;
  cell: Cell;
  who: Who;
  target: { id: string; email: string };
}) => Promise<void>;

/**
 * Each row as each role and signed out, on every engine. A row's `target` is a fresh guest (its id
 * for a ` set ` row, else its address).
 */
export function describeMatrix(title: string, matrix: Cell[], after?: AfterCell): void {
  describe.each(testEngines())(`${title} on $name`, (engine) => {
    let handle: DatabaseHandle;
    let context: AppContext;
    const cookies = new Map<Who, string | undefined>();

    openForSuite(engine, async (opened) => {
      ({ handle, context } = opened);
      cookies.set("signed out", undefined);
      for (const role of WHO.slice(1) as Role[])
        cookies.set(role, (await signedInAs(context, role)).cookie);
    });

    for (const cell of matrix) {
      it.each(WHO)(`${cell.name} as %s`, async (who) => {
        const target = await signedInAs(context, "guest");
        const targetArg = cell.name.includes(" set ") ? target.id : target.email;
        const result = await outcome(() => cell.call(context, cookies.get(who), targetArg));
        const expected = cell.expect[who];
        expect(result.status, JSON.stringify(result.body)).toBe(expected.status);
        if (expected.location) expect(result.location).toBe(expected.location);
        if (expected.message) expect(JSON.stringify(result.body)).toContain(expected.message);
        await after?.({ handle, cell, who, target });
      });
    }
  });
}
