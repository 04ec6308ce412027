import { createAuth } from "~/accounts/index.server";
import { describeConsoleQuery } from "~/console/index.server";
import { migrate } from "~/db/migrate.server";
import { openConfiguredDatabase } from "~/db/open.server";
import type { Env } from "~/platform/config/env.server";
import { createRateLimits, limitStoreFor } from "~/platform/limits/rate-limit.server";
import type { Logger } from "~/platform/logging/logger.server";
import { createMailer } from "~/platform/mail/mailer.server";
import { Microcache } from "~/platform/server/microcache.server";
import { configuredStorage } from "~/platform/storage/configured.server";
import { createAccountDefaults } from "~/profiles/index.server";
import type { Runtime } from "./context";
import { seedDemo } from "./demo.server";

/**
 * Everything a request may use, built once at start-up: the database (opened and migrated), mail,
 * storage, the rate limits, the auth library and the page cache.
 */
export async function createRuntime(
  env: Env,
  logger: Logger,
  options: {
    demo: boolean;
    migrationsFolder?: string;
    /** Prints for the person running the server (the outbox's links outside production). */
    print: (text: string) => void;
  },
) {
  const database = await openConfiguredDatabase(env);
  await migrate(database, { migrationsFolder: options.migrationsFolder });
  logger.info(`database: ${database.description}, migrations applied`);
  await logConsoleQuery(database, env, logger);
  if (options.demo) {
    const added = await seedDemo(database.db);
    logger.info(`demo content: added ${added.news} news items and ${added.games} games`);
  }

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    dataDir: env.DATA_DIR,
    logger,
    // Outside production the outbox's links are printed whole, beside the log.
    printLinks: env.NODE_ENV === "production" ? undefined : options.print,
  });
  const storage = configuredStorage(env);
  const limits = createRateLimits(database.db, env, limitStoreFor(database.engine));
  const auth = createAuth({
    db: database.db,
    env,
    mailer,
    logger,
    limits,
    storage,
    accountDefaults: createAccountDefaults,
  });
  let shuttingDown = false;
  const runtime: Runtime = {
    db: database.db,
    database,
    env,
    logger,
    auth,
    mailer,
    storage,
    limits,
    pageCache: new Microcache(),
    ping: database.ping,
    isShuttingDown: () => shuttingDown,
  };
  return {
    runtime,
    /** From now on health checks say so and responses close their connections. */
    beginShutdown() {
      shuttingDown = true;
    },
    async close() {
      await database.close();
    },
  };
}

/** Whether the console's SQL box can run here, and if not why and how to turn it on. */
async function logConsoleQuery(database: Runtime["database"], env: Env, logger: Logger) {
  try {
    const box = await describeConsoleQuery(database, { role: env.CONSOLE_READER_ROLE });
    if (box.available) logger.info(box.message);
    else logger.warn(box.message);
  } catch (error) {
    logger.warn({ err: error }, "console SQL box: could not be checked at start-up");
  }
}
