// Prepares a browser-test data directory: migrations, one verified user per role (password
// E2E_PASSWORD) and, with --demo, the demo content. Run before the server starts (it takes the lock).
import { createVerifiedUser } from "../../app/accounts/accounts.server";
import { createAuth } from "../../app/accounts/auth.server";
import { migrate } from "../../app/db/migrate.server";
import { openConfiguredDatabase } from "../../app/db/open.server";
import { createMailer } from "../../app/platform/mail/mailer.server";
import { loadEnv } from "../../app/platform/server/env.server";
import { createLogger } from "../../app/platform/server/logger.server";
import { ROLES } from "../../app/roles/permissions";
import { seedDemo } from "../../app/runtime/demo.server";
import { E2E_PASSWORD, roleEmail } from "./e2e-users";

const env = loadEnv();
const database = await openConfiguredDatabase(env);
try {
  await migrate(database);
  const logger = createLogger("silent");
  const auth = createAuth({
    db: database.db,
    env,
    mailer: createMailer({ dataDir: env.DATA_DIR, logger }),
    logger,
  });
  for (const role of ROLES) {
    await createVerifiedUser(auth, database.db, {
      email: roleEmail(role),
      password: E2E_PASSWORD,
      role,
    });
  }
  if (process.argv.includes("--demo")) await seedDemo(database.db);
} finally {
  await database.close();
}
