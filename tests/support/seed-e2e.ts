// Prepares a browser-test data directory: migrations, one verified user per role (password
// E2E_PASSWORD) and, with --demo, the demo content; with --scale, lists long enough to page. Run before the server starts (it takes the lock).
import { migrate } from "../../app/db/migrate.server";
import { openConfiguredDatabase } from "../../app/db/open.server";
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
  if (process.argv.includes("--demo")) await seedDemo(database.db);
  if (process.argv.includes("--scale")) await seedScale(database.db, E2E_SCALE);
} finally {
  await database.close();
}
