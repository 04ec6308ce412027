import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createVerifiedUser } from "../../app/accounts/accounts.server";
import { createAuth } from "../../app/accounts/auth.server";
import { migrate } from "../../app/db/migrate.server";
import { openConfiguredDatabase } from "../../app/db/open.server";
import { eraseAccountNewsletter } from "../../app/newsletter/account-newsletter.server";
import { loadEnv } from "../../app/platform/config/env.server";
import { createLogger } from "../../app/platform/logging/logger.server";
import { createMailer } from "../../app/platform/mail/mailer.server";
import { createAccountDefaults } from "../../app/profiles/profiles.server";
import { ROLES, type Role } from "../../app/roles/permissions";
import { seedDemo } from "../../app/runtime/demo.server";
import { ensureCurrentBuild } from "./build";
import { ROOT } from "./processes";
import type { SiteSeed } from "./site";
import { E2E_PASSWORD, roleEmail } from "./users";

// The HTTP tests' global set-up (vite.config.ts, project "http"): one data directory made once per
// run, as the browser tests' demo server starts from (tests/support/seed-e2e.ts): migrated, one
// verified user per role (tests/support/users.ts) and the demo content; and one signed-in session
// per role, made through the auth library, not the form. Each test file's site starts from a copy
// of it (tests/support/site.ts), so a file changes only its own copy, and a session cookie made
// here signs in on every copy (the sessions are rows of the copied database, the cookies signed
// with AUTH_SECRET, which every copy's site runs with).

/** The secret every in-process site runs with: the seeded sessions' cookies are signed with it. */
const AUTH_SECRET = "in-process-site-secret-for-tests-only-0123456789";

export default async function setup(project: TestProject): Promise<() => void> {
  const started = performance.now();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "studio-site-seed-"));
  const teardown = () => fs.rmSync(root, { recursive: true, force: true });
  try {
    // The build the sites load, made first when missing or stale (once per run, before any
    // worker: a build takes minutes on a busy machine, more than a test file's hook may wait).
    const [seeded] = await Promise.all([seed(root), ensureCurrentBuild(ROOT)]);
    project.provide("studioSiteSeed", seeded);
  } catch (error) {
    teardown();
    throw error;
  }
  process.stdout.write(
    `in-process site: build checked and data seeded in ${Math.round(performance.now() - started)} ms\n`,
  );
  return teardown;
}

async function seed(root: string): Promise<SiteSeed> {
  // Migrated only: the empty site's start (no users, no content).
  const emptyDataDir = path.join(root, "empty");
  const empty = await openConfiguredDatabase({ DATA_DIR: emptyDataDir });
  try {
    await migrate(empty);
  } finally {
    await empty.close();
  }
  const dataDir = path.join(root, "demo");
  fs.cpSync(emptyDataDir, dataDir, { recursive: true });
  const env = loadEnv({ DATA_DIR: dataDir, AUTH_SECRET, LOG_LEVEL: "silent" });
  const database = await openConfiguredDatabase(env);
  try {
    const logger = createLogger("silent");
    const auth = createAuth({
      db: database.db,
      env,
      mailer: createMailer({ dataDir: env.DATA_DIR, logger }),
      logger,
      sms: null,
      accountDefaults: createAccountDefaults,
      accountErasure: eraseAccountNewsletter,
    });
    const cookies = {} as Record<Role, string>;
    for (const role of ROLES) {
      const email = roleEmail(role);
      await createVerifiedUser(auth, database.db, { email, password: E2E_PASSWORD, role });
      const { headers } = await auth.api.signInEmail({
        body: { email, password: E2E_PASSWORD },
        returnHeaders: true,
      });
      cookies[role] = headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    }
    await seedDemo(database.db);
    return { dataDir, emptyDataDir, authSecret: AUTH_SECRET, cookies };
  } finally {
    await database.close();
  }
}
