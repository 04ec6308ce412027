import type { AppLoadContext } from "react-router";
import { createVerifiedUser } from "../../app/accounts/accounts.server";
import type { Role } from "../../app/roles/permissions";

export const PASSWORD = "a long test password";

/** Creates a verified user with the role and returns a Cookie header for a fresh session. */
export async function signedInAs(
  context: AppLoadContext,
  role: Role,
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
) {
  const { auth, db } = context.runtime;
  const user = await createVerifiedUser(auth, db, { email, password: PASSWORD, role });
  const { headers } = await auth.api.signInEmail({
    body: { email, password: PASSWORD },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { ...user, cookie };
}

/** What a loader or action answered: status, redirect target, and body when there is one. */
export async function outcome(
  run: () => unknown,
): Promise<{ status: number; location: string | null; body: unknown }> {
  try {
    const result = await run();
    if (result instanceof Response) {
      return { status: result.status, location: result.headers.get("Location"), body: null };
    }
    if (
      result &&
      typeof result === "object" &&
      (result as { type?: string }).type === "DataWithResponseInit"
    ) {
      const value = result as { data: unknown; init: { status?: number } | null };
      return { status: value.init?.status ?? 200, location: null, body: value.data };
    }
    return { status: 200, location: null, body: result };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    }
    // A thrown `data(message, status)`: the route's error boundary shows the message.
    if (
      thrown &&
      typeof thrown === "object" &&
      (thrown as { type?: string }).type === "DataWithResponseInit"
    ) {
      const value = thrown as { data: unknown; init: { status?: number } | null };
      return { status: value.init?.status ?? 200, location: null, body: value.data };
    }
    throw thrown;
  }
}

export function request(
  path: string,
  init: { cookie?: string; form?: Record<string, string> } = {},
) {
  const headers = new Headers({ Origin: "http://localhost:3000" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  return new Request(`http://localhost:3000${path}`, {
    method: init.form ? "POST" : "GET",
    headers,
    body: init.form ? new URLSearchParams(init.form) : undefined,
  });
}
