// `studio`: the operator's command line. It reads the same environment as the server.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DataDirLockedError } from "~/db/lock.server";
import { migrate } from "~/db/migrate.server";
import { openConfiguredDatabase } from "~/db/open.server";
import { ConfigError, type Env, loadEnv } from "~/platform/config/env.server";
import { AppError, isAppError } from "~/platform/errors/app-error";
import { configuredStorage } from "~/platform/storage/configured.server";
// The permissions table itself: the roles index also carries the role screen (React).
import { isRole, ROLES } from "~/roles/permissions";

// Each command's own modules are imported when it runs (the build splits them into chunks): a
// usage error or `db migrate` loads neither the auth library nor the backup's archiver.

const USAGE = `Usage: studio <command>

Commands:
  db migrate                                   apply the SQL migrations the database has not seen yet
  db seed --demo                               add the demo news and games (only what is missing)
  user create --email E --password P [--role R]
                                               create a user whose email is already verified (default role guest)
  user role --email E --role R                 set a user's role
  settings export [--file F]                   write the site settings (logo included) as JSON, to F or the terminal
  settings import --file F                     replace the site settings with an export's (checked whole first)
  press import <folder> [--game SLUG]          import a presskit() game folder (data.xml, images/) into a new
                                               game and its press kit, or into the game SLUG (checked whole first)
  backup create [--out FILE] [--with-secrets]  write the database and every stored file into one archive
                                               (default DATA_DIR/backups/); prints its path
  backup restore <archive> [--replace]         restore an archive into the configured database and storage,
                                               which must be empty (--replace backs up what is there first)
  secret rotate --from-env VAR [--press-from-env VAR]
                                               re-seal the sealed data from the old secret (in the environment
                                               variable VAR) to the configured AUTH_SECRET and PRESS_KEYS_SECRET

Roles: ${ROLES.join(", ")}.
Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, default ./data).
On the embedded database, stop the server first: one process at a time may open it.
Backups: docs/deployment.md#backups-and-restore. The secret: docs/deployment.md#the-secret.`;

const COMMANDS = [
  "db migrate",
  "db seed",
  "user create",
  "user role",
  "settings export",
  "settings import",
  "press import",
  "backup create",
  "backup restore",
  "secret rotate",
];

class UsageError extends Error {}

export async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      demo: { type: "boolean", default: false },
      email: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      file: { type: "string" },
      game: { type: "string" },
      out: { type: "string" },
      "with-secrets": { type: "boolean", default: false },
      replace: { type: "boolean", default: false },
      "from-env": { type: "string" },
      "press-from-env": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  // `press import <folder>`, `backup restore <archive>`: the argument is not a word of the command.
  const argument =
    (positionals[0] === "press" && positionals[1] === "import") ||
    (positionals[0] === "backup" && positionals[1] === "restore")
      ? positionals[2]
      : undefined;
  const folder = positionals[0] === "press" ? argument : undefined;
  const command = (argument === undefined ? positionals : positionals.slice(0, 2)).join(" ");
  if (values.help || command === "" || command === "help") {
    console.log(USAGE);
    return values.help || command === "help" ? 0 : 1;
  }
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command: ${command}`);
  if (command === "db seed" && !values.demo)
    throw new UsageError("db seed needs --demo (the only seed there is).");
  if (command.startsWith("user") && !values.email)
    throw new UsageError(`${command} needs --email.`);
  if (command === "user create" && !values.password)
    throw new UsageError("user create needs --password.");
  if (command === "user role" && !values.role) throw new UsageError("user role needs --role.");
  if (command === "press import" && !folder) throw new UsageError("press import needs a folder.");
  if (command === "backup restore" && !argument)
    throw new UsageError("backup restore needs an archive.");
  if (command === "settings import" && !values.file)
    throw new UsageError("settings import needs --file.");
  // Read before the database is opened: a file that cannot be read changes nothing.
  const importText = command === "settings import" ? readFile(values.file!) : null;
  const role = values.role ?? "guest";
  if (!isRole(role)) throw new UsageError(`Unknown role "${role}". Roles: ${ROLES.join(", ")}.`);

  const env = loadEnv();
  if (command.startsWith("backup") || command === "secret rotate")
    return runAsIs(command, env, { ...values, archive: argument });
  const database = await openConfiguredDatabase(env);
  try {
    await migrate(database);
    if (command === "db migrate" || command === "db seed") {
      console.log(`Migrations applied to ${database.description}.`);
    }
    if (command === "db seed") {
      const { seedDemo } = await import("~/runtime/demo.server");
      const added = await seedDemo(database.db, { storage: configuredStorage(env) });
      console.log(
        `Demo content: added ${added.news} news items, ${added.games} games and ${added.pictures} pictures` +
          (added.settings ? ", and the demo studio's settings." : "."),
      );
    }
    if (command === "user create") {
      const { createAuth, createVerifiedUser } = await import("~/accounts/index.server");
      const { createMailer } = await import("~/platform/mail/mailer.server");
      const { mailIdentity } = await import("~/settings/index.server");
      const { eraseAccountNewsletter } = await import("~/newsletter/index.server");
      const { createAccountDefaults } = await import("~/profiles/index.server");
      const { createLogger } = await import("~/platform/logging/logger.server");
      const logger = createLogger("silent");
      const mailer = createMailer({
        smtpUrl: env.SMTP_URL,
        dataDir: env.DATA_DIR,
        siteUrl: env.SITE_URL,
        logger,
        identity: () => mailIdentity(database.db, env.SITE_URL),
      });
      const auth = createAuth({
        db: database.db,
        env,
        mailer,
        logger,
        // Creating a user sends no text message.
        sms: null,
        accountDefaults: createAccountDefaults,
        accountErasure: eraseAccountNewsletter,
      });
      const user = await createVerifiedUser(auth, database.db, {
        email: values.email!,
        password: values.password!,
        role,
      });
      console.log(`Created ${user.email} (${role}, email verified).`);
    }
    if (command === "settings export") {
      const { exportSettings } = await import("~/settings/index.server");
      const file = await exportSettings({ db: database.db, storage: configuredStorage(env) });
      const json = `${JSON.stringify(file, null, 2)}\n`;
      if (values.file) {
        fs.writeFileSync(values.file, json);
        console.log(`Site settings written to ${values.file}.`);
      } else process.stdout.write(json);
    }
    if (importText !== null) {
      const { importSettings } = await import("~/settings/index.server");
      const saved = await importSettings(
        { db: database.db, storage: configuredStorage(env) },
        importText,
      );
      console.log(`Site settings imported from ${values.file}: ${saved.name}.`);
    }
    if (command === "press import" && folder) {
      const { importPresskit, readPresskitFolder } = await import("~/press/index.server");
      const source = await readPresskitFolder(folder);
      const { game, created } = await importPresskit(
        { db: database.db, storage: configuredStorage(env) },
        source,
        { gameSlug: values.game, actor: null },
      );
      console.log(
        `${created ? "Imported" : "Updated"} ${game.title} from ${folder}: its press kit is at /press/${game.slug}.`,
      );
    }
    if (command === "user role") {
      const { findUserIdByEmail, setUserRole } = await import("~/roles/index.server");
      const userId = await findUserIdByEmail(database.db, values.email!);
      if (!userId) throw new AppError("not_found", `No user with the email ${values.email}.`);
      const change = await setUserRole(database.db, { userId, role, assignedBy: null });
      console.log(`${values.email}: ${change.from} -> ${change.to}.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * `backup create`, `backup restore`, `secret rotate`: the database as it is (they migrate nothing),
 * progress on stderr, the archive's path, the report or the summary on stdout.
 */
async function runAsIs(
  command: string,
  env: Env,
  options: {
    out?: string;
    "with-secrets": boolean;
    replace: boolean;
    archive?: string;
    "from-env"?: string;
    "press-from-env"?: string;
  },
): Promise<number> {
  const database = await openConfiguredDatabase(env).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new AppError(
      "conflict",
      `The server is running on the embedded database in ${env.DATA_DIR} (pid ${error.pid}): stop it, then run the ${command === "secret rotate" ? command : "backup"} command again.`,
    );
  });
  const backup = await import("~/backup/index.server");
  const storage = configuredStorage(env);
  const progress = backup.terminalProgress(process.stderr);
  try {
    if (command === "secret rotate") {
      const from = backup.oldSecretsFromEnv(options);
      console.log(
        backup.rotationSummaryLine(await backup.rotateSecret(database.db, { from, to: env })),
      );
      return 0;
    }
    if (command === "backup create") {
      const out = path.resolve(options.out ?? backup.defaultArchivePath(env.DATA_DIR, new Date()));
      const summary = await backup.createBackup(
        { database, storage, env },
        { out, withSecrets: options["with-secrets"], progress },
      );
      console.error(backup.backupSummaryLine(summary));
      console.log(out);
      return 0;
    }
    const archive = path.resolve(options.archive!);
    // A secret generated into DATA_DIR may be replaced by the archive's; one the operator set may not.
    const fromEnvironment = Boolean(
      process.env.AUTH_SECRET?.trim() || process.env.PRESS_KEYS_SECRET?.trim(),
    );
    const summary = await backup.restoreBackup(
      { database, storage, env },
      {
        archive,
        replace: options.replace,
        progress,
        secretFile: fromEnvironment ? null : path.join(env.DATA_DIR, "auth-secret"),
      },
    );
    for (const line of backup.restoreReport(summary, archive)) console.log(line);
    return 0;
  } finally {
    await database.close();
  }
}

/** A file's text, or one sentence saying why it cannot be read. */
function readFile(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new AppError(
      "invalid",
      code === "ENOENT"
        ? `There is no file ${file}.`
        : `The file ${file} cannot be read (${code}).`,
    );
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe studio command cannot run while the server holds the embedded database.`,
    );
  } else if (
    error instanceof ConfigError ||
    isAppError(error) ||
    (error as NodeJS.ErrnoException)?.code?.startsWith("ERR_PARSE_ARGS")
  ) {
    console.error((error as Error).message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
