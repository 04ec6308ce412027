import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { type Logger, maskUrl } from "~/platform/logging/logger.server";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (multipart/alternative): a newsletter post. */
  html?: string;
  /**
   * Extra headers: List-Unsubscribe, List-Unsubscribe-Post, List-Id, and `Message-ID` (a bulk
   * delivery's own, kept the same if it is ever sent again, so receivers drop the repeat).
   */
  headers?: Record<string, string>;
  /**
   * The sender read before the caller opened a transaction: a mail sent inside one must not read
   * the settings itself (the embedded database has one connection, held by the transaction).
   */
  sender?: MailIdentity;
};

/** Who a mail is from, and the studio's name its words use: the saved site settings, per mail. */
export type MailIdentity = { studioName: string; fromName: string; fromAddress: string };

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** The sender and studio name as they are now (read for each mail, never kept). */
  identity(): Promise<MailIdentity>;
  describe: string;
};

/** Without settings to read (a test, a tool): a neutral sender. */
const NEUTRAL: MailIdentity = {
  studioName: "Your Studio",
  fromName: "Your Studio",
  fromAddress: "no-reply@localhost",
};

const headerText = (value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString("base64")}?=`;

/** The From header of an identity: a quoted display name (encoded when not ASCII) and the address. */
export function fromHeader(identity: MailIdentity): string {
  const name = identity.fromName.replace(/[\r\n"\\]/g, "");
  const display = /^[\x20-\x7e]*$/.test(name) ? `"${name}"` : headerText(name);
  return `${display} <${identity.fromAddress.replace(/[\r\n<>]/g, "")}>`;
}

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
  /** Reads the sender for each mail (the site settings); without it, a neutral sender. */
  identity?: () => Promise<MailIdentity>;
}): Mailer {
  const { smtpUrl } = options;
  const identity = options.identity ?? (async () => NEUTRAL);
  if (smtpUrl) {
    // The SMTP client is loaded with the first mail, not at start-up.
    let transport: Promise<Transporter> | undefined;
    return {
      describe: "SMTP",
      identity,
      async send(mail) {
        transport ??= import("nodemailer").then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        const { sender, headers, ...message } = mail;
        const from = fromHeader(sender ?? (await identity()));
        const { "Message-ID": messageId, ...others } = headers ?? {};
        await (await transport).sendMail({
          from,
          ...message,
          ...(messageId ? { messageId } : {}),
          ...(Object.keys(others).length > 0 ? { headers: others } : {}),
        });
      },
    };
  }
  const outbox = path.join(options.dataDir, "outbox");
  return {
    describe: `outbox ${outbox}`,
    identity,
    async send({ sender, ...mail }) {
      const from = fromHeader(sender ?? (await identity()));
      fs.mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const id = `${stamp}-${crypto.randomBytes(4).toString("hex")}`;
      const file = path.join(outbox, `${id}.eml`);
      // Written whole before the request is acknowledged; a rename makes it appear atomically.
      const eml =
        mail.html || mail.headers ? await composeEml(mail, id, from) : toEml(mail, id, from);
      fs.writeFileSync(`${file}.tmp`, eml);
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

/**
 * A message with an HTML part or headers of its own, built by nodemailer's own composer (the same
 * MIME the SMTP transport sends): multipart/alternative, text first; the text part may be
 * quoted-printable, which readers decode (tests/support/outbox.ts).
 */
export async function composeEml(mail: Mail, id: string, from = fromHeader(NEUTRAL)) {
  const { default: MailComposer } = await import("nodemailer/lib/mail-composer");
  const { "Message-ID": messageId, ...headers } = mail.headers ?? {};
  const message = new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    headers,
    messageId: messageId ?? `<${id}@studio-site.local>`,
    date: new Date(),
  });
  return message.compile().build();
}

/** An RFC 5322 message with an 8-bit plain-text body, so its links stay plain, clickable URLs. */
export function toEml(mail: Mail, id: string, from = fromHeader(NEUTRAL)): string {
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${id}@studio-site.local>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    mail.text,
  ].join("\r\n");
}
