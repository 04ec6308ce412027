import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { smsProviderIssues } from "./sms-env.server";

const booleanString = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/** A whole number of at least 1 (limits and durations). */
const atLeastOne = (fallback: number) =>
  z.coerce
    .number({ message: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .default(fallback);
// An IANA zone name as Intl knows it, in its canonical spelling ("europe/stockholm" becomes
// "Europe/Stockholm"); offsets such as "+01:00" are refused, they ignore daylight saving time.
const timeZone = z.string().transform((name, ctx) => {
  try {
    if (/^[A-Za-z]/.test(name)) {
      return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
    }
  } catch {
    // not a zone Intl knows
  }
  ctx.addIssue({
    code: "custom",
    message: "must be an IANA time zone such as UTC or Europe/Stockholm",
  });
  return z.NEVER;
});

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ message: "must be a port number" })
      .int("must be a port number")
      .min(0, "must be a port number")
      .max(65535, "must be a port number")
      .default(3000),
    HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
    SITE_URL: z
      .url({ message: "must be an absolute URL such as https://studio.example" })
      .optional(),
    DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
    // Where the server's scheduled backups go when their destination is a folder
    // (docs/deployment.md#scheduled-backups); DATA_DIR/backups when unset.
    BACKUP_DIR: z.string().min(1, "must not be empty").optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // The press keys' encryption secret (docs/accounts-and-security.md#press-key-encryption);
    // AUTH_SECRET when unset.
    PRESS_KEYS_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    REQUIRE_EMAIL_VERIFICATION: booleanString.default(true),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    TRUST_PROXY: z.string().optional(),
    STUDIO_TIME_ZONE: timeZone.default("UTC"),
    // Test-only: lets a request ask the server to fail a named operation (see faults.server.ts).
    FAULT_INJECTION: booleanString.default(false),
    // Test-only: every announcement webhook call goes to this origin instead of its own (a local
    // stand-in for Discord and receivers; docs/configuration.md). Refused with NODE_ENV=production.
    WEBHOOK_TEST_ORIGIN: z
      .url({ message: "must be an http(s) origin such as http://127.0.0.1:5641" })
      .optional(),
    // Test-only: a file holding how far the product's clock runs ahead, in milliseconds
    // (app/platform/clock/clock.server.ts). Refused with NODE_ENV=production.
    TEST_CLOCK_FILE: z.string().min(1, "must not be empty").optional(),
    S3_ENDPOINT: z
      .url({ message: "must be an http(s) URL such as https://s3.eu-west-1.amazonaws.com" })
      .optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    // Worker processes on PostgreSQL (server/supervisor.ts); the embedded database allows one.
    WEB_CONCURRENCY: z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(64, "must be at most 64")
      .default(1),
    // Rate limits (app/platform/limits/rate-limit.server.ts; the README's configuration table says what each counts).
    CONTACT_RATE_LIMIT: atLeastOne(5),
    CONTACT_ATTEMPT_LIMIT: atLeastOne(30),
    API_RATE_LIMIT: atLeastOne(120),
    GAME_PLAYED_RATE_LIMIT: atLeastOne(60),
    UPLOAD_RATE_LIMIT: atLeastOne(60),
    SIGN_IN_RATE_LIMIT: atLeastOne(30),
    SIGN_IN_FAILURE_LIMIT: atLeastOne(10),
    ACCOUNT_FAILURE_LIMIT: atLeastOne(50),
    SIGN_IN_LOCKOUT_MINUTES: atLeastOne(15),
    // Sign-in providers (app/accounts/providers.server.ts): each is on when its id and secret are
    // set; the generic OpenID Connect provider also needs its issuer (discovery at
    // <issuer>/.well-known/openid-configuration) and shows OIDC_NAME on the button.
    DISCORD_CLIENT_ID: z.string().min(1).optional(),
    DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
    GITHUB_CLIENT_ID: z.string().min(1).optional(),
    GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ISSUER: z
      .url({ message: "must be an absolute URL such as https://id.example" })
      .optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().min(1).max(40).default("Single sign-on"),
    // Newsletter mails each server process sends per second at most (docs/configuration.md).
    NEWSLETTER_RATE: atLeastOne(20),
    // Personal API keys: how many one account may hold.
    API_KEYS_PER_USER: atLeastOne(10),
    // Text messages (sign-in codes; docs/configuration.md#text-messages-sign-in-codes): Twilio, or
    // a signed webhook to any gateway; neither, the outbox outside production. Their rules are in
    // smsProviderIssues.
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-zA-Z]+$/, "must be a Twilio account SID (AC…)")
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_API_KEY_SID: z
      .string()
      .regex(/^SK[0-9a-zA-Z]+$/, "must be a Twilio API key SID (SK…)")
      .optional(),
    TWILIO_API_KEY_SECRET: z.string().min(1).optional(),
    TWILIO_FROM: z
      .string()
      .regex(
        /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/,
        "must be a number such as +15551234567 or a messaging service SID (MG and 32 hex digits)",
      )
      .optional(),
    // Twilio's regional edges (https://api.dublin.ie1.twilio.com), or a test's stand-in.
    TWILIO_API_URL: z
      .url({
        protocol: /^https?$/,
        message: "must be an absolute URL such as https://api.twilio.com",
      })
      .optional(),
    SMS_WEBHOOK_URL: z
      .url({
        protocol: /^https?$/,
        message: "must be an absolute URL such as https://gw.example/sms",
      })
      .optional(),
    SMS_WEBHOOK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    // Text-message limits (app/accounts/phone/): codes per client address per hour, codes per phone
    // number per day, the whole site's messages per hour.
    SMS_ADDRESS_LIMIT: atLeastOne(10),
    SMS_NUMBER_LIMIT: atLeastOne(10),
    SMS_HOURLY_LIMIT: atLeastOne(100),
    // The role the console's SQL box runs as; a plain lower-case SQL name.
    CONSOLE_READER_ROLE: z
      .string()
      .regex(
        /^[a-z_][a-z0-9_]{0,62}$/,
        "must be a lower-case SQL name such as studio_console_reader",
      )
      .default("studio_console_reader"),
  })
  .superRefine((env, ctx) => {
    const s3 = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    const missing = s3.filter((name) => !env[name]);
    if (missing.length > 0 && missing.length < s3.length) {
      ctx.addIssue({
        code: "custom",
        path: [missing[0]!],
        message: `is required when any S3_ variable is set`,
      });
    }
    for (const name of ["DISCORD", "GITHUB", "GOOGLE", "OIDC"] as const) {
      const id = env[`${name}_CLIENT_ID`];
      const secret = env[`${name}_CLIENT_SECRET`];
      if (Boolean(id) !== Boolean(secret)) {
        ctx.addIssue({
          code: "custom",
          path: [id ? `${name}_CLIENT_SECRET` : `${name}_CLIENT_ID`],
          message: `is required when ${id ? `${name}_CLIENT_ID` : `${name}_CLIENT_SECRET`} is set`,
        });
      }
    }
    if (env.OIDC_CLIENT_ID && !env.OIDC_ISSUER) {
      ctx.addIssue({
        code: "custom",
        path: ["OIDC_ISSUER"],
        message: "is required when OIDC_CLIENT_ID is set",
      });
    }
    for (const { variable, message } of smsProviderIssues(env)) {
      ctx.addIssue({ code: "custom", path: [variable], message });
    }
    if (env.NODE_ENV === "production" && env.FAULT_INJECTION) {
      ctx.addIssue({
        code: "custom",
        path: ["FAULT_INJECTION"],
        message: "must not be on when NODE_ENV=production",
      });
    }
    if (env.NODE_ENV === "production" && env.WEBHOOK_TEST_ORIGIN) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_TEST_ORIGIN"],
        message: "must not be set when NODE_ENV=production",
      });
    }
    if (env.NODE_ENV === "production" && env.TEST_CLOCK_FILE) {
      ctx.addIssue({
        code: "custom",
        path: ["TEST_CLOCK_FILE"],
        message: "must not be set when NODE_ENV=production",
      });
    }
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required when NODE_ENV=production",
      });
    }
  });

/** Every variable the site reads; docs/configuration.md lists them (tests/repo/configuration.test.ts). */
export const envSchema = schema;

export type Env = Omit<z.infer<typeof schema>, "SITE_URL" | "AUTH_SECRET" | "DATA_DIR"> & {
  SITE_URL: string;
  AUTH_SECRET: string;
  DATA_DIR: string;
};

export class ConfigError extends Error {
  name = "ConfigError";
}

/** Empty strings count as unset, as in most .env tooling. */
function withoutBlanks(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}

/**
 * Reads and validates the configuration once at start-up. An invalid value throws a ConfigError
 * whose message is one line naming the variable.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(withoutBlanks(source));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? localSecret(dataDir),
  };
}

/** Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts. */
function localSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
