// The text-message provider's rules (docs/configuration.md#text-messages-sign-in-codes), apart from
// the schema because a transport made from variables that did not pass it checks them too.

// A provider's address carries credentials or codes: https, except http to this machine outside
// production (a test's stand-in).
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

function providerUrlProblem(value: string, nodeEnv: string | undefined): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute https URL";
  }
  // The signature or the Basic header authenticates the site; fetch refuses a URL holding one.
  if (url.username || url.password) return "must not hold a user name or password";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK.has(url.hostname)) {
    return nodeEnv === "production" ? "must be an https URL when NODE_ENV=production" : null;
  }
  return "must be an https URL (http only to 127.0.0.1, localhost or ::1, outside production)";
}

/** The text-message provider's variables (app/accounts/phone/sms-transport.server.ts). */
export type SmsVariables = {
  NODE_ENV?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_API_KEY_SID?: string;
  TWILIO_API_KEY_SECRET?: string;
  TWILIO_FROM?: string;
  TWILIO_API_URL?: string;
  SMS_WEBHOOK_URL?: string;
  SMS_WEBHOOK_SECRET?: string;
};

const TWILIO_OTHERS = [
  "TWILIO_AUTH_TOKEN",
  "TWILIO_API_KEY_SID",
  "TWILIO_API_KEY_SECRET",
  "TWILIO_FROM",
  "TWILIO_API_URL",
] as const;

/**
 * What is wrong with the text-message provider's variables, each issue naming its variable: the
 * schema's rules, also checked where a transport is made from variables that did not pass it.
 */
export function smsProviderIssues(env: SmsVariables): { variable: string; message: string }[] {
  const issues: { variable: string; message: string }[] = [];
  const issue = (variable: string, message: string) => issues.push({ variable, message });
  if (!env.TWILIO_ACCOUNT_SID) {
    const set = TWILIO_OTHERS.find((name) => env[name]);
    if (set) issue("TWILIO_ACCOUNT_SID", `is required when ${set} is set`);
  } else {
    if (!env.TWILIO_FROM) issue("TWILIO_FROM", "is required when TWILIO_ACCOUNT_SID is set");
    const key = Boolean(env.TWILIO_API_KEY_SID || env.TWILIO_API_KEY_SECRET);
    if (env.TWILIO_AUTH_TOKEN && key) {
      issue(
        env.TWILIO_API_KEY_SID ? "TWILIO_API_KEY_SID" : "TWILIO_API_KEY_SECRET",
        "must not be set with TWILIO_AUTH_TOKEN: Twilio takes the auth token or an API key, not both",
      );
    } else if (!env.TWILIO_AUTH_TOKEN && !key) {
      issue(
        "TWILIO_AUTH_TOKEN",
        "is required when TWILIO_ACCOUNT_SID is set (or TWILIO_API_KEY_SID and TWILIO_API_KEY_SECRET)",
      );
    } else if (key && !env.TWILIO_API_KEY_SID) {
      issue("TWILIO_API_KEY_SID", "is required when TWILIO_API_KEY_SECRET is set");
    } else if (key && !env.TWILIO_API_KEY_SECRET) {
      issue("TWILIO_API_KEY_SECRET", "is required when TWILIO_API_KEY_SID is set");
    }
    const problem = env.TWILIO_API_URL && providerUrlProblem(env.TWILIO_API_URL, env.NODE_ENV);
    if (problem) issue("TWILIO_API_URL", problem);
  }
  if (env.TWILIO_ACCOUNT_SID && env.SMS_WEBHOOK_URL) {
    issue(
      "SMS_WEBHOOK_URL",
      "must not be set with TWILIO_ACCOUNT_SID: choose one text-message provider",
    );
  }
  if (Boolean(env.SMS_WEBHOOK_URL) !== Boolean(env.SMS_WEBHOOK_SECRET)) {
    issue(
      env.SMS_WEBHOOK_URL ? "SMS_WEBHOOK_SECRET" : "SMS_WEBHOOK_URL",
      `is required when ${env.SMS_WEBHOOK_URL ? "SMS_WEBHOOK_URL" : "SMS_WEBHOOK_SECRET"} is set`,
    );
  }
  const problem = env.SMS_WEBHOOK_URL && providerUrlProblem(env.SMS_WEBHOOK_URL, env.NODE_ENV);
  if (problem) issue("SMS_WEBHOOK_URL", problem);
  return issues;
}
