import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { type Logger, maskUrl } from "~/platform/logging/logger.server";
import { STUDIO } from "~/platform/studio/studio";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void>; describe: string };

const FROM = `${STUDIO.name} <no-reply@${STUDIO.email.split("@")[1]}>`;

/**
 * Mail over SMTP_URL, or, without it, one .eml file per mail in DATA_DIR/outbox/, so verification
 * and reset links work on a laptop. The log line names the file and shows the links with their
 * tokens masked; outside production the links are also printed whole on the terminal.
 */
export function createMailer(options: {
  smtpUrl?: string;
  dataDir: string;
  logger: Logger;
  /** Shows each outbox mail's links whole on the terminal (development only: they are secrets). */
  printLinks?: (text: string) => void;
}): Mailer {
  const { smtpUrl } = options;
  if (smtpUrl) {
    // The SMTP client is loaded with the first mail, not at start-up.
    let transport: Promise<Transporter> | undefined;
    return {
      describe: "SMTP",
      async send(mail) {
        transport ??= import("nodemailer").then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from: FROM, ...mail });
      },
    };
  }
  const outbox = path.join(options.dataDir, "outbox");
  return {
    describe: `outbox ${outbox}`,
    async send(mail) {
      fs.mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const id = `${stamp}-${crypto.randomBytes(4).toString("hex")}`;
      const file = path.join(outbox, `${id}.eml`);
      // Written whole before the request is acknowledged; a rename makes it appear atomically.
      fs.writeFileSync(`${file}.tmp`, toEml(mail, id));
      fs.renameSync(`${file}.tmp`, file);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info(
        { to: mail.to, subject: mail.subject, file, links: links.map(maskUrl) },
        "mail written to the outbox",
      );
      if (options.printLinks && links.length > 0) {
        const list = links.map((link) => `  ${link}`).join("\n");
        options.printLinks(`\nMail to ${mail.to} ("${mail.subject}"):\n${list}\n`);
      }
    },
  };
}

/** An RFC 5322 message with an 8-bit plain-text body, so its links stay plain, clickable URLs. */
export function toEml(mail: Mail, id: string): string {
  const encodeHeader = (value: string) =>
    /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString("base64")}?=`;
  return [
    `From: ${FROM}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${id}@studio-site.local>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    mail.text,
  ].join("\r\n");
}
