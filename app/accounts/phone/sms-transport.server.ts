import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, type Env } from "~/platform/config/env.server";
import { smsProviderIssues } from "~/platform/config/sms-env.server";
import type { Logger } from "~/platform/logging/logger.server";
import { maskPhone, type SmsTransport } from "./sms-send.server";
import { smsWebhookTransport } from "./sms-webhook.server";
import { twilioTransport } from "./twilio.server";

// How the site sends a text message (docs/configuration.md#text-messages-sign-in-codes): Twilio,
// a signed webhook, or, outside production without either, a file in the outbox that the terminal
// also prints. A number appears in clear only in that file and that print; logs mask it.

export {
  maskPhone,
  type SmsMessage,
  SmsSendError,
  type SmsTransport,
  type SmsTransportName,
} from "./sms-send.server";

export type SmsEnv = Pick<
  Env,
  | "NODE_ENV"
  | "TWILIO_ACCOUNT_SID"
  | "TWILIO_AUTH_TOKEN"
  | "TWILIO_API_KEY_SID"
  | "TWILIO_API_KEY_SECRET"
  | "TWILIO_FROM"
  | "TWILIO_API_URL"
  | "SMS_WEBHOOK_URL"
  | "SMS_WEBHOOK_SECRET"
>;

export type SmsTransportOptions = {
  dataDir: string;
  logger: Logger;
  /** Shows each outbox message whole on the terminal (development only: it holds the code). */
  print?: (text: string) => void;
  fetch?: typeof fetch;
  /** How long a provider has to answer; 10 seconds unless a test says otherwise. */
  timeoutMs?: number;
};

/**
 * The transport the variables choose; null in production without a provider (the phone is then
 * not offered). Variables that break the provider rules throw the ConfigError start-up would.
 */
export function configuredSmsTransport(
  env: SmsEnv,
  options: SmsTransportOptions,
): SmsTransport | null {
  const [issue] = smsProviderIssues(env);
  if (issue) throw new ConfigError(`Invalid configuration: ${issue.variable} ${issue.message}`);
  const deps = {
    logger: options.logger,
    fetch: options.fetch ?? fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
  };
  // smsProviderIssues has made sure each provider's other variables are set.
  if (env.TWILIO_ACCOUNT_SID) {
    return twilioTransport(
      {
        accountSid: env.TWILIO_ACCOUNT_SID,
        username: env.TWILIO_API_KEY_SID ?? env.TWILIO_ACCOUNT_SID,
        password: (env.TWILIO_API_KEY_SECRET ?? env.TWILIO_AUTH_TOKEN)!,
        from: env.TWILIO_FROM!,
        apiUrl: env.TWILIO_API_URL,
      },
      deps,
    );
  }
  if (env.SMS_WEBHOOK_URL) {
    return smsWebhookTransport({ url: env.SMS_WEBHOOK_URL, secret: env.SMS_WEBHOOK_SECRET! }, deps);
  }
  if (env.NODE_ENV === "production") return null;
  return outboxTransport(options);
}

/** One text file per message in DATA_DIR/outbox/, as the mailer's outbox keeps mails. */
function outboxTransport(options: SmsTransportOptions): SmsTransport {
  const outbox = path.join(options.dataDir, "outbox");
  return {
    name: "outbox",
    describe: `outbox ${outbox}`,
    async send(message) {
      fs.mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `sms-${stamp}-${crypto.randomBytes(4).toString("hex")}.txt`);
      // Written whole before the caller is answered; a rename makes it appear atomically.
      fs.writeFileSync(`${file}.tmp`, `To: ${message.to}\n\n${message.body}\n`);
      fs.renameSync(`${file}.tmp`, file);
      options.logger.info(
        { to: maskPhone(message.to), file },
        "text message written to the outbox",
      );
      const indented = message.body.replace(/^/gm, "  ");
      options.print?.(`\nText message to ${message.to}:\n${indented}\n`);
    },
  };
}
