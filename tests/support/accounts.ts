import { createVerifiedUser } from "../../app/accounts/accounts.server";
import { createAuth } from "../../app/accounts/auth.server";
import { authContext } from "../../app/accounts/auth-context.server";
import type { Database } from "../../app/db/database.server";
import { eraseAccountNewsletter } from "../../app/newsletter/account-newsletter.server";
import type { Env } from "../../app/platform/config/env.server";
import { createLogger } from "../../app/platform/logging/logger.server";
import { createMailer } from "../../app/platform/mail/mailer.server";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";
import { createAccountDefaults } from "../../app/profiles/profiles.server";
import type { Role } from "../../app/roles/permissions";
import { uniqueEmail } from "./users";

// Accounts made on the server side: users written straight into a database (seeding, system tests,
// bench) and sessions for calling route modules in the integration tests.

export const PASSWORD = "a long test password";

/** Creates a verified user with the role and returns a Cookie header for a fresh session. */
export async function signedInAs(context: AppContext, role: Role, email = uniqueEmail(role)) {
  const { db } = context.get(runtimeContext);
  const auth = context.get(authContext);
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

/**
 * Verified users written straight into a database, the way `studio user create` makes them. Mail
 * (none is sent) would go to env.DATA_DIR's outbox.
 */
export async function createUsers(
  db: Database,
  env: Env,
  users: { email: string; password: string; role: Role }[],
): Promise<void> {
  const logger = createLogger("silent");
  const mailer = createMailer({ dataDir: env.DATA_DIR, logger });
  const auth = createAuth({
    db,
    env,
    mailer,
    logger,
    sms: null,
    accountDefaults: createAccountDefaults,
    accountErasure: eraseAccountNewsletter,
  });
  for (const user of users) await createVerifiedUser(auth, db, user);
}

/** What a loader or action answered: status, redirect target, and body when there is one. */
export async function outcome(
  run: () => unknown,
): Promise<{ status: number; location: string | null; body: unknown }> {
  try {
    const result = await run();
    if (result instanceof Response) {
      // The body is not read here: cancelled, as the server's writer cancels one whose client left
      // (a streamed download holds its address's place until its body ends).
      await result.body?.cancel();
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

/**
 * A form's fields; one holding a file is sent as multipart, as the browser sends an upload; a list
 * is a field sent once per value, as checkboxes of one name are.
 */
export type FormFields = Record<string, string | File | readonly string[]>;

export function request(path: string, init: { cookie?: string; form?: FormFields } = {}) {
  const headers = new Headers({ Origin: "http://localhost:3000" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body: URLSearchParams | FormData | undefined;
  // Anything else a test hands in (a forged null) is sent as its text, as URLSearchParams would.
  const fields = Object.entries(init.form ?? {}).flatMap(([name, value]) =>
    Array.isArray(value)
      ? value.map((one) => [name, String(one)] as const)
      : [[name, value instanceof File ? value : String(value)] as const],
  );
  if (fields.some(([, value]) => value instanceof File)) {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    body = form;
  } else if (init.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    const form = new URLSearchParams();
    for (const [name, value] of fields) if (typeof value === "string") form.append(name, value);
    body = form;
  }
  return new Request(`http://localhost:3000${path}`, {
    method: init.form ? "POST" : "GET",
    headers,
    body,
  });
}

/** A route module's action answering a form posted by the browser holding `cookie`; its outcome. */
export function postForm(
  route: { action: (args: never) => unknown },
  context: AppContext,
  path: string,
  form: Record<string, string>,
  cookie?: string,
) {
  return outcome(() =>
    route.action({ request: request(path, { cookie, form }), context, params: {} } as never),
  );
}
