// Prepares a browser-test data directory: migrations, one verified user per role (password
// E2E_PASSWORD) and, with --demo, the demo content and Sweden as the one country sign-in codes may
// be texted to (the server writes them to its outbox: tests/e2e/phone-factor.spec.ts); with
// --scale, lists long enough to page. Run before the server starts (it takes the lock).
import { migrate } from "../../app/db/migrate.server";
import { openConfiguredDatabase } from "../../app/db/open.server";
import { smsSettings } from "../../app/db/schema";
import { loadEnv } from "../../app/platform/config/env.server";
import { ROLES } from "../../app/roles/permissions";
import { seedDemo } from "../../app/runtime/demo.server";
import { createUsers } from "./accounts";
import { E2E_SCALE, seedScale } from "./scale-data";
import { E2E_PASSWORD, roleEmail } from "./users";

const env = loadEnv();
const database = await openConfiguredDatabase(env);
try {
  await migrate(database);
  await createUsers(
    database.db,
    env,
    ROLES.map((role) => ({ email: roleEmail(role), password: E2E_PASSWORD, role })),
  );
  if (process.argv.includes("--demo")) {
    await seedDemo(database.db);
    await database.db.insert(smsSettings).values({ id: 1, countries: ["SE"] });
  }
  if (process.argv.includes("--scale")) await seedScale(database.db, E2E_SCALE);
} finally {
  await database.close();
}
