import { configuredSmsTransport, createAuth } from "~/accounts/index.server";
import { describeConsoleQuery } from "~/console/index.server";
import { migrate } from "~/db/migrate.server";
import { openConfiguredDatabase } from "~/db/open.server";
import { eraseAccountNewsletter } from "~/newsletter/index.server";
import { clockFromFile } from "~/platform/clock/clock.server";
import type { Env } from "~/platform/config/env.server";
import { createJobs } from "~/platform/jobs/jobs.server";
import { createRateLimits, limitStoreFor } from "~/platform/limits/rate-limit.server";
import type { Logger } from "~/platform/logging/logger.server";
import { createMailer } from "~/platform/mail/mailer.server";
import { Microcache } from "~/platform/server/microcache.server";
import { configuredStorage } from "~/platform/storage/configured.server";
import { createAccountDefaults } from "~/profiles/index.server";
import { mailIdentity, readSettings } from "~/settings/index.server";
import type { Runtime } from "./context";
import { seedDemo } from "./demo.server";
import { queueDefinitions } from "./jobs.server";

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
  // Tests move the clock of the processes they start (refused in production: env.server.ts).
  clockFromFile(env.TEST_CLOCK_FILE);
  const database = await openConfiguredDatabase(env);
  await migrate(database, { migrationsFolder: options.migrationsFolder });
  logger.info(`database: ${database.description}, migrations applied`);
  await logConsoleQuery(database, env, logger);
  const storage = configuredStorage(env);
  if (options.demo) {
    const added = await seedDemo(database.db, { storage });
    logger.info(
      `demo content: added ${added.news} news items, ${added.games} games and ${added.pictures} pictures` +
        (added.settings ? ", and the demo studio's settings" : ""),
    );
  }

  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    dataDir: env.DATA_DIR,
    siteUrl: env.SITE_URL,
    logger,
    // Outside production the outbox's links are printed whole, beside the log.
    printLinks: env.NODE_ENV === "production" ? undefined : options.print,
    // Each mail's sender is read from the saved site settings as it is sent.
    identity: () => mailIdentity(database.db, env.SITE_URL),
  });
  const limits = createRateLimits(database.db, env, limitStoreFor(database.engine));
  const sms = configuredSmsTransport(env, {
    dataDir: env.DATA_DIR,
    logger,
    print: env.NODE_ENV === "production" ? undefined : options.print,
  });
  logger.info(sms ? `text messages: ${sms.describe}` : "text messages: none (phones not offered)");
  const auth = createAuth({
    db: database.db,
    env,
    mailer,
    logger,
    limits,
    storage,
    sms,
    accountDefaults: createAccountDefaults,
    accountErasure: eraseAccountNewsletter,
    studioName: (await readSettings(database.db)).name,
  });
  const jobs = createJobs(database, logger);
  let shuttingDown = false;
  const runtime: Runtime = {
    db: database.db,
    database,
    env,
    logger,
    auth,
    mailer,
    jobs,
    storage,
    limits,
    sms,
    pageCache: new Microcache(),
    ping: database.ping,
    isShuttingDown: () => shuttingDown,
  };
  // Every process works the queues: a job is taken by one of them, whichever polls first.
  await jobs.start(queueDefinitions(runtime, { migrationsFolder: options.migrationsFolder }), {
    work: true,
  });
  return {
    runtime,
    /** From now on health checks say so and responses close their connections. */
    beginShutdown() {
      shuttingDown = true;
    },
    async close() {
      await jobs.stop();
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
