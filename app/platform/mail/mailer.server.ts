import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { isMailboxAddress } from "~/platform/forms/text-rules";
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
  /**
   * Where a reply goes when it should not go to the sender (docs/product.md#who-a-mail-is-from):
   * the visitor of a contact notification, the press address of a press mail, the inviter.
   */
  replyTo?: string;
};

/**
 * Who a mail is from, and the studio's name its words use: the saved site settings, per mail.
 * `pressAddress`: where replies to a press mail go (the press address, else the general one).
 */
export type MailIdentity = {
  studioName: string;
  fromName: string;
  fromAddress: string;
  pressAddress?: string;
};

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

/** A Reply-To address only when it is one plain address: nothing else can reach a header. */
const replyHeader = (address: string | undefined): { replyTo?: string } =>
  address && isMailboxAddress(address) ? { replyTo: address } : {};

/** A fresh Message-ID at the site's own host. */
export function messageIdAt(host: string, id = crypto.randomBytes(12).toString("hex")): string {
  return `<${id}@${host}>`;
}

/** SITE_URL's host, which Message-IDs and List-Ids end with; `localhost` without one. */
export function siteHost(siteUrl: string | undefined): string {
  if (!siteUrl) return "localhost";
  try {
    return new URL(siteUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
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
  /** The site's address: its host ends each Message-ID the site makes. */
  siteUrl?: string;
}): Mailer {
  const { smtpUrl } = options;
  const host = siteHost(options.siteUrl);
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
        const { sender, headers, replyTo, ...message } = mail;
        const from = fromHeader(sender ?? (await identity()));
        const { "Message-ID": messageId, ...others } = headers ?? {};
        await (await transport).sendMail({
          from,
          ...message,
          ...replyHeader(replyTo),
          messageId: messageId ?? messageIdAt(host),
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
        mail.html || mail.headers
          ? await composeEml(mail, id, from, host)
          : toEml(mail, id, from, host);
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
export async function composeEml(
  mail: Mail,
  id: string,
  from = fromHeader(NEUTRAL),
  host = "localhost",
) {
  const { default: MailComposer } = await import("nodemailer/lib/mail-composer");
  const { "Message-ID": messageId, ...headers } = mail.headers ?? {};
  const message = new MailComposer({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...replyHeader(mail.replyTo),
    headers,
    messageId: messageId ?? messageIdAt(host, id),
    date: new Date(),
  });
  return message.compile().build();
}

/** An RFC 5322 message with an 8-bit plain-text body, so its links stay plain, clickable URLs. */
export function toEml(
  mail: Mail,
  id: string,
  from = fromHeader(NEUTRAL),
  host = "localhost",
): string {
  return [
    `From: ${from}`,
    ...Object.values(replyHeader(mail.replyTo)).map((to) => `Reply-To: ${to}`),
    `To: ${mail.to}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${messageIdAt(host, id)}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    mail.text,
  ].join("\r\n");
}
