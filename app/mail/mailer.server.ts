import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "~/server/logger.server";
import { STUDIO } from "~/studio/studio";

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void>; describe: string };

const FROM = `${STUDIO.name} <no-reply@${STUDIO.email.split("@")[1]}>`;

/**
 * Mail over SMTP_URL, or, without it, one .eml file per mail in DATA_DIR/outbox/ with its links
 * logged, so verification and reset links work on a laptop.
 */
export function createMailer(options: {
  smtpUrl?: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      describe: "SMTP",
      async send(mail) {
        await transport.sendMail({ from: FROM, ...mail });
      },
    };
  }
  const outbox = path.join(options.dataDir, "outbox");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    describe: `outbox ${outbox}`,
    async send(mail) {
      const info = await transport.sendMail({ from: FROM, ...mail });
      fs.mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
      // Written whole before the request is acknowledged; a rename makes it appear atomically.
      fs.writeFileSync(`${file}.tmp`, info.message as Buffer);
      fs.renameSync(`${file}.tmp`, file);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info(
        { to: mail.to, subject: mail.subject, file, links },
        "mail written to the outbox",
      );
    },
  };
}
