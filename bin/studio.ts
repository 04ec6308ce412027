// `studio`: the operator's command line. It reads the same environment as the server.
import { parseArgs } from "node:util";
import { seedDemo } from "~/db/demo.server";
import { DataDirLockedError } from "~/db/lock.server";
import { migrate } from "~/db/migrate.server";
import { openConfiguredDatabase } from "~/db/open.server";
import { ConfigError, loadEnv } from "~/server/env.server";

const USAGE = `Usage: studio <command>

Commands:
  db migrate         apply the SQL migrations the database has not seen yet
  db seed --demo     add the demo news and games (runs migrations first; adds only what is missing)

Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default ./data).
On the embedded database, stop the server first: one process at a time may open it.`;

export async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { demo: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  const command = positionals.join(" ");
  if (values.help || command === "" || command === "help") {
    console.log(USAGE);
    return values.help || command === "help" ? 0 : 1;
  }
  if (command !== "db migrate" && command !== "db seed") {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 1;
  }
  if (command === "db seed" && !values.demo) {
    console.error("db seed needs --demo (the only seed there is).");
    return 1;
  }

  const env = loadEnv();
  const database = await openConfiguredDatabase(env);
  try {
    await migrate(database);
    console.log(`Migrations applied to ${database.description}.`);
    if (command === "db seed") {
      const added = await seedDemo(database.db);
      console.log(`Demo content: added ${added.news} news items and ${added.games} games.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe studio command cannot run while the server holds the embedded database.`,
    );
  } else if (error instanceof ConfigError || (error as Error)?.name === "TypeError") {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
